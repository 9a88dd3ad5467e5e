import { useState, type FormEvent } from 'react'
import { navigate } from 'wouter/use-browser-location'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { paths } from '@/config/paths'
import { refreshMemberships, switchBusiness } from '@/lib/business'
import { mutationErrorMessage } from '@/lib/errors'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'
import { createBusiness } from '../api'

/** A new business with the person as its owner; the app then opens it. */
export function CreateBusinessForm() {
  const t = useT()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  async function submit(e: FormEvent) {
    e.preventDefault()
    const companyName = name.trim()
    if (!companyName) {
      setError(t('team.create.nameRequired'))
      return
    }
    setError(null)
    setFormError(null)
    setBusy(true)
    try {
      const created = await createBusiness(companyName)
      await refreshMemberships()
      switchBusiness(created.id)
      notify('success', t('team.create.done', { name: companyName }))
      navigate(paths.dashboard)
    } catch (err) {
      setFormError(mutationErrorMessage(err))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label={t('team.create.title')}>
      {formError ? <Alert>{formError}</Alert> : null}
      <Field
        label={t('team.create.name')}
        name="company_name"
        autoComplete="organization"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={error ?? undefined}
      />
      <div>
        <Button type="submit" busy={busy}>
          {t('team.create.submit')}
        </Button>
      </div>
    </form>
  )
}
