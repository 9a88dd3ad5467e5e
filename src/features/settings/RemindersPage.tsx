import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { Alert, Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { TextAreaField } from '@/components/ui/inputs'
import { FormFooter } from '@/components/ui/form-footer'
import { useBusinessId } from '@/lib/business'
import { useRole } from '@/lib/roles'
import { RoleNote } from '@/components/ui/role-note'
import { mutationErrorMessage } from '@/lib/errors'
import { useForm } from '@/lib/use-form'
import { notify } from '@/lib/toast'
import { sellerQuery, type SellerSettings } from '@/billing/queries'
import { save } from '@/billing/save'
import { writes } from '@/billing/writes'
import { message } from '@/billing/fields'
import { formatSteps, parseSteps, reminderDefaults } from '@/billing/dunning'
import { useT } from '@/lib/i18n'

const schema = v.object({
  reminder_steps: v.pipe(
    v.string(),
    v.check((s) => parseSteps(s) !== null, message('dunning.settings.stepsInvalid')),
  ),
  reminder_subject_template: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(message('dunning.settings.subjectRequired')),
    v.maxLength(200, message('dunning.settings.subjectTooLong')),
  ),
  reminder_message_template: v.pipe(
    v.string(),
    v.nonEmpty(message('dunning.settings.messageRequired')),
    v.maxLength(5000, message('dunning.settings.messageTooLong')),
  ),
})

type Input = v.InferInput<typeof schema>

/** The placeholders as typed in a template: the same in every language. */
const PLACEHOLDERS = Object.fromEntries(
  ['kind', 'number', 'business', 'customer', 'amount', 'due_date', 'link'].map((n) => [
    n,
    `{${n}}`,
  ]),
)

const toInput = (s: SellerSettings): Input => {
  // An empty template is the built-in default in the business's document language.
  const d = reminderDefaults(s.document_language)
  return {
    reminder_steps: formatSteps(s.reminder_steps),
    reminder_subject_template: s.reminder_subject_template || d.subject,
    reminder_message_template: s.reminder_message_template || d.message,
  }
}

/** /settings/reminders: automatic payment reminders on or off, their schedule and their mail. */
export default function RemindersPage() {
  const t = useT()
  const role = useRole()
  const business = useBusinessId()
  const settings = useQuery({ ...sellerQuery(business), enabled: !!business })
  if (!business) return null
  return (
    <Card className="grid gap-6">
      <div>
        <h2 className="text-lg font-semibold">
          <bdi>{t('dunning.settings.title')}</bdi>
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          <bdi>{t('dunning.settings.intro')}</bdi>
        </p>
        <p className="mt-1 text-sm text-muted-foreground" data-testid="reminders-timing">
          <bdi>{t('dunning.settings.timing')}</bdi>
        </p>
      </div>
      {!role.can('manage') ? (
        <RoleNote only="team.only.reminders" />
      ) : settings.data ? (
        <>
          <Switch business={business} on={settings.data.reminders_enabled === true} />
          <ScheduleForm business={business} initial={toInput(settings.data)} />
        </>
      ) : settings.isError ? (
        <div className="grid justify-items-start gap-3">
          <Alert>{mutationErrorMessage(settings.error)}</Alert>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            {t('dunning.settings.tryAgain')}
          </Button>
        </div>
      ) : (
        <p role="status">
          <bdi>{t('dunning.settings.loading')}</bdi>
        </p>
      )}
    </Card>
  )
}

/** Reminders on or off, saved at once like the notification preferences. */
function Switch({ business, on }: { business: string; on: boolean }) {
  const t = useT()
  const id = useId()
  const [error, setError] = useState<string | null>(null)
  // The box follows the click at once; it goes back only if the save is refused, and hands
  // over to the saved setting once that has caught up.
  const [shown, setShown] = useState<boolean | null>(null)
  if (shown !== null && shown === on) setShown(null)
  async function toggle(next: boolean) {
    setError(null)
    setShown(next)
    const r = await save(writes.settingsUpdate, {
      business,
      body: { reminders_enabled: next },
      label: next ? t('dunning.settings.turnedOn') : t('dunning.settings.turnedOff'),
    })
    if (!r.ok) {
      setShown(null)
      setError(r.message)
    } else if (!r.queued)
      notify('success', next ? t('dunning.settings.turnedOn') : t('dunning.settings.turnedOff'))
  }
  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="mt-0.5 size-4 accent-[var(--primary)]"
          checked={shown ?? on}
          aria-describedby={`${id}-hint`}
          onChange={(e) => void toggle(e.target.checked)}
        />
        <div className="grid gap-0.5">
          <label htmlFor={id} className="text-sm font-medium">
            {t('dunning.settings.enabled')}
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            <bdi>{t('dunning.settings.enabledHint')}</bdi>
          </p>
        </div>
      </div>
      {error ? <Alert>{error}</Alert> : null}
    </div>
  )
}

function ScheduleForm({ business, initial }: { business: string; initial: Input }) {
  const t = useT()
  const { bind, formError, busy, handleSubmit } = useForm(schema, initial)
  const submit = handleSubmit(async (output) => {
    const r = await save(writes.settingsUpdate, {
      business,
      body: { ...output, reminder_steps: parseSteps(output.reminder_steps) },
      label: t('dunning.settings.writeLabel'),
    })
    if (!r.ok) return r
    if (!r.queued) notify('success', t('dunning.settings.saved'))
  })
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <Field
        dir="ltr"
        label={t('dunning.settings.steps')}
        {...bind('reminder_steps')}
        hint={t('dunning.settings.stepsHint')}
        autoComplete="off"
      />
      <Field
        dir="auto"
        label={t('dunning.settings.subject')}
        {...bind('reminder_subject_template')}
      />
      <TextAreaField
        dir="auto"
        label={t('dunning.settings.message')}
        rows={8}
        {...bind('reminder_message_template')}
        hint={t('dunning.settings.messageHint', PLACEHOLDERS)}
      />
      <FormFooter formError={formError} busy={busy} submitLabel={t('dunning.settings.submit')} />
    </form>
  )
}
