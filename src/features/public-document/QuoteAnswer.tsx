import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Alert, Card } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { TextAreaField } from '@/components/ui/inputs'
import type { DocTranslate } from '@/lib/i18n'
import { Refused, acceptQuote, rejectQuote, say, type PageMessage } from './api'

/** The customer's answer to a quote: accept with their name, or decline with a reason. */
export default function QuoteAnswer({
  token,
  dt,
  onAnswered,
}: {
  token: string
  dt: DocTranslate
  onAnswered: () => Promise<void>
}) {
  const id = useId()
  const [mode, setMode] = useState<'accept' | 'reject'>('accept')
  const [name, setName] = useState('')
  const [note, setNote] = useState('')
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, PageMessage>>({})
  const [formError, setFormError] = useState<PageMessage | null>(null)
  const [busy, setBusy] = useState(false)
  const fieldError = (field: string) => {
    const m = errors[field]
    return m ? say(dt, m) : undefined
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    const local: Record<string, PageMessage> = {}
    if (mode === 'accept' && name.trim().length < 2)
      local.name = { key: 'doc.public.answer.nameRequired' }
    if (mode === 'reject' && !reason.trim())
      local.reason = { key: 'doc.public.answer.reasonRequired' }
    setErrors(local)
    if (Object.keys(local).length) return
    setBusy(true)
    setFormError(null)
    try {
      if (mode === 'accept') await acceptQuote(token, name.trim(), note.trim())
      else await rejectQuote(token, reason.trim())
      await onAnswered()
    } catch (error) {
      // What was typed stays; the server's sentence says what to change.
      if (error instanceof Refused) {
        setErrors(error.fields)
        setFormError(error.said)
      } else setFormError({ key: 'doc.public.error.offline' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card className="grid gap-4 p-5 print:hidden">
      <h2 id={`${id}-h`} className="text-lg font-semibold">
        {dt('doc.public.answer.heading')}
      </h2>
      <div role="radiogroup" aria-labelledby={`${id}-h`} className="flex flex-wrap gap-2">
        <Button
          role="radio"
          aria-checked={mode === 'accept'}
          variant={mode === 'accept' ? 'primary' : 'outline'}
          onClick={() => setMode('accept')}
        >
          {dt('doc.public.answer.accept')}
        </Button>
        <Button
          role="radio"
          aria-checked={mode === 'reject'}
          variant={mode === 'reject' ? 'primary' : 'outline'}
          onClick={() => setMode('reject')}
        >
          {dt('doc.public.answer.decline')}
        </Button>
      </div>
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-4"
        aria-label={dt('doc.public.answer.formLabel')}
      >
        {formError ? <Alert tone="error">{say(dt, formError)}</Alert> : null}
        {mode === 'accept' ? (
          <>
            <Field
              label={dt('doc.public.answer.fullName')}
              hint={dt('doc.public.answer.fullNameHint')}
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={fieldError('name')}
            />
            <TextAreaField
              label={dt('doc.public.answer.note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              error={fieldError('note')}
              rows={3}
            />
            <Button type="submit" busy={busy}>
              {dt('doc.public.answer.acceptQuote')}
            </Button>
          </>
        ) : (
          <>
            <TextAreaField
              label={dt('doc.public.answer.reason')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={fieldError('reason')}
              rows={3}
            />
            <Button type="submit" variant="destructive" busy={busy}>
              {dt('doc.public.answer.declineQuote')}
            </Button>
          </>
        )}
      </form>
    </Card>
  )
}
