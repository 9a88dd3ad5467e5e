import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { Dialog } from '@/components/ui/dialog'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { TextAreaField } from '@/components/ui/inputs'
import { fieldMessages } from '@/lib/use-form'
import { notify } from '@/lib/toast'
import type { SellerSettings } from '@/billing/queries'
import { ownerPrintable } from '@/billing/printable'
import { ownerEInvoice } from '@/billing/einvoice/from-records'
import { unitCodeFor } from '@/billing/einvoice/units'
import {
  DEFAULT_MESSAGE,
  DEFAULT_SUBJECT,
  renderTemplate,
  templateValues,
} from '@/billing/templates'
import { save } from '@/billing/save'
import { writes } from '@/billing/writes'
import type { Customer, DocumentKind, Invoice, Quote } from '@/billing/types'

const email = v.pipe(v.string(), v.trim(), v.email('Enter a valid email address'))
const schema = v.object({
  to: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Enter the email address to send to'),
    v.email('Enter a valid email address'),
  ),
  cc: v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (s) => s === '' || s.split(',').every((a) => v.is(email, a.trim())),
      'Enter email addresses separated by commas',
    ),
  ),
  subject: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Enter a subject'),
    v.maxLength(200, 'Keep the subject under 200 characters'),
  ),
  message: v.pipe(
    v.string(),
    v.nonEmpty('Enter a message'),
    v.maxLength(5000, 'Keep the message under 5000 characters'),
  ),
})

/**
 * "Send": nothing is mailed before this dialog is confirmed. The mail is written from the
 * business's templates (placeholders filled by the server, which alone knows the new link);
 * the PDF is made on this device and attached, and the server keeps it as the issued copy.
 */
export function SendDialog({
  open,
  onOpenChange,
  kind,
  doc,
  customer,
  seller,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  kind: DocumentKind
  doc: Quote | Invoice
  customer: Customer | undefined
  seller: SellerSettings | undefined
}) {
  const [values, setValues] = useState(() => ({
    to: customer?.email ?? '',
    cc: '',
    subject: seller?.send_subject_template || DEFAULT_SUBJECT,
    message: seller?.send_message_template || DEFAULT_MESSAGE,
  }))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const printable = ownerPrintable(kind, doc, customer, seller)
  const preview = templateValues(printable, customer?.contact_name ?? '', 'https://…/d/…')
  const one = kind === 'invoices' ? 'Invoice' : 'Quote'

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = v.safeParse(schema, values)
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.issues))
      setFormError('Check the highlighted fields.')
      return
    }
    setErrors({})
    setFormError(null)
    if (!navigator.onLine) {
      setFormError('Sending needs a connection. Use “Mark as sent” to record it offline.')
      return
    }
    setBusy(true)
    try {
      let pdf: { blob: Blob; fileName: string } | null = null
      try {
        const { makeDocumentPdf } = await import('@/billing/document-pdf')
        // What the customer receives is the document once sent: not a draft.
        const made = await makeDocumentPdf(
          { ...printable, status: printable.status === 'draft' ? 'sent' : printable.status },
          'a4',
          ownerEInvoice(kind, doc, customer, seller, unitCodeFor),
        )
        if (made.missing.length) {
          setFormError(
            `E-invoicing is on, and this invoice can't be one yet. First fill in: ${made.missing.join(' ')}`,
          )
          return
        }
        pdf = made
      } catch {
        pdf = null
      }
      if (!pdf) {
        setFormError('The PDF could not be made on this device. Try again.')
        return
      }
      const r = await save(writes.documentSend, {
        collection: kind,
        id: doc.id,
        label: `Send ${doc.number || 'the draft'}`,
        ...parsed.output,
        pdf: pdf.blob,
        pdfName: pdf.fileName,
      })
      if (!r.ok) {
        setErrors(r.fields)
        setFormError(r.message)
        return
      }
      notify('success', `${one} sent`, `Emailed to ${parsed.output.to}.`)
      onOpenChange(false)
    } finally {
      setBusy(false)
    }
  }

  const set = (k: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [k]: e.target.value }))

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Send ${one.toLowerCase()} ${doc.number || ''}`.trim()}
      description="Check the mail before it goes. The PDF is attached and a link lets the customer open it online."
      wide
    >
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-4"
        aria-label={`Send ${one.toLowerCase()}`}
      >
        {formError ? <Alert>{formError}</Alert> : null}
        <Field
          label="To"
          type="email"
          value={values.to}
          onChange={set('to')}
          error={errors.to}
          autoComplete="off"
        />
        <Field
          label="Cc"
          hint="Optional; separate addresses with commas."
          value={values.cc}
          onChange={set('cc')}
          error={errors.cc}
          autoComplete="off"
        />
        <Field
          label="Subject"
          value={values.subject}
          onChange={set('subject')}
          error={errors.subject}
        />
        <TextAreaField
          label="Message"
          hint="{customer}, {number}, {amount}, {due_date} and {link} are filled in when it is sent."
          value={values.message}
          onChange={set('message')}
          error={errors.message}
          rows={7}
        />
        <section
          aria-label="Preview"
          className="grid gap-1 rounded-md border border-border bg-muted/40 p-3 text-sm"
        >
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Preview
          </h3>
          <p className="font-medium">{renderTemplate(values.subject, preview)}</p>
          <p className="whitespace-pre-line">{renderTemplate(values.message, preview)}</p>
          <p className="text-muted-foreground">Attached: {printable.number || 'document'}.pdf</p>
        </section>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Send
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
