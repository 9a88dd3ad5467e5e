import * as v from 'valibot'
import { navigate } from 'wouter/use-browser-location'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { paths } from '@/config/paths'
import { refreshMemberships, switchBusiness } from '@/lib/business'
import { refusal } from '@/lib/errors'
import { t, useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'
import { useForm } from '@/lib/use-form'
import { createBusiness } from '../api'

const schema = v.object({
  company_name: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(() => t('team.create.nameRequired')),
  ),
})

/** A new business with the person as its owner; the app then opens it. */
export function CreateBusinessForm() {
  const t = useT()
  const { bind, formError, busy, handleSubmit } = useForm(schema, { company_name: '' })
  const submit = handleSubmit(async ({ company_name }) => {
    try {
      const created = await createBusiness(company_name)
      await refreshMemberships()
      switchBusiness(created.id)
    } catch (error) {
      return refusal(error)
    }
    notify('success', t('team.create.done', { name: company_name }))
    navigate(paths.dashboard)
  })
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t('team.create.title')}>
      {formError ? <Alert>{formError}</Alert> : null}
      <Field label={t('team.create.name')} autoComplete="organization" {...bind('company_name')} />
      <div>
        <Button type="submit" busy={busy}>
          {t('team.create.submit')}
        </Button>
      </div>
    </form>
  )
}
