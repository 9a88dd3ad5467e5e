import { logoToken } from '@/lib/pocketbase/file-token'
import { useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import * as v from 'valibot'
import { Dialog } from '@/components/ui/dialog'
import { Button } from '@/components/ui/button'
import { Alert } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { TextAreaField } from '@/components/ui/inputs'
import { fieldMessages, formLine } from '@/lib/use-form'
import { notify } from '@/lib/toast'
import type { SellerSettings } from '@/billing/queries'
import { creditNotePrintable, documentLocale, ownerPrintable } from '@/billing/printable'
import { creditNoteEInvoice, ownerEInvoice } from '@/billing/einvoice/from-records'
import { unitCodeFor } from '@/billing/einvoice/units'
import {
  defaultSendTemplates,
  renderTemplate,
  sendTemplates,
  templateValues,
} from '@/billing/templates'
import { save } from '@/billing/save'
import { writes } from '@/billing/writes'
import type { CreditNote, Customer, DocumentKind, Invoice, Quote } from '@/billing/types'
import { richText, useT, type Translate } from '@/lib/i18n'
import { mutationErrorMessage } from '@/lib/errors'
import { useAuthSelector } from '@/lib/auth-context'
import { selectUser } from '@machines/auth/selectors'
import { requestVerification } from '@/lib/pocketbase/verification'
import { SEND_LIMITS } from '@/billing/send-limits'
import { sendMakesPdf } from '@/billing/credits'

const email = v.pipe(v.string(), v.trim(), v.email())

/** The mail's fields, with their messages in the interface's language. */
const sendSchema = (t: Translate) =>
  v.object({
    to: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty(t('documents.send.toRequired')),
      v.email(t('documents.send.emailInvalid')),
    ),
    cc: v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => s === '' || s.split(',').every((a) => v.is(email, a.trim())),
        t('documents.send.ccInvalid'),
      ),
    ),
    subject: v.pipe(
      v.string(),
      v.trim(),
      v.nonEmpty(t('documents.send.subjectRequired')),
      v.maxLength(200, t('documents.send.subjectTooLong', { max: 200 })),
    ),
    message: v.pipe(
      v.string(),
      v.nonEmpty(t('documents.send.messageRequired')),
      v.maxLength(5000, t('documents.send.messageTooLong', { max: 5000 })),
    ),
  })

/** The template's placeholders, named as they are typed (each language keeps them as they are). */
const PLACEHOLDERS = {
  customer: '{customer}',
  number: '{number}',
  amount: '{amount}',
  due_date: '{due_date}',
  link: '{link}',
  invoice: '{invoice}',
}

/**
 * "Send": nothing is mailed before this dialog is confirmed. The mail is written from the
 * business's templates (placeholders filled by the server, which alone knows the new link);
 * the PDF is made on this device and attached, and the server keeps it as the issued copy (a
 * credit note keeps its first: later sends make none, see sendMakesPdf).
 */
export function SendDialog({
  open,
  onOpenChange,
  kind,
  doc,
  customer,
  seller,
  creditedInvoice,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  kind: DocumentKind | 'credit_notes'
  doc: Quote | Invoice | CreditNote
  customer: Customer | undefined
  seller: SellerSettings | undefined
  /** A credit note's invoice: its number is in the mail, and the e-invoice refers to it. */
  creditedInvoice?: Invoice
}) {
  const t = useT()
  const credit = kind === 'credit_notes'
  // What the customer receives: the document as printed (with the logo once a file token is
  // there) and, when the business sends e-invoices, the e-invoice inside the PDF.
  const printableOf = (token?: string) =>
    kind === 'credit_notes'
      ? creditNotePrintable(doc as CreditNote, creditedInvoice?.number ?? '', customer, seller)
      : ownerPrintable(kind, doc as Quote | Invoice, customer, seller, token)
  const einvoice = () =>
    kind === 'credit_notes'
      ? creditNoteEInvoice(doc as CreditNote, creditedInvoice, customer, seller, unitCodeFor)
      : ownerEInvoice(kind, doc as Quote | Invoice, customer, seller, unitCodeFor)
  const [values, setValues] = useState(() => {
    // The business's own templates, else the built-in ones in the document's language; a credit
    // note's mail has its own built-in message (no link, the invoice it corrects).
    const locale = documentLocale(printableOf())
    const templates = credit
      ? defaultSendTemplates(locale, 'credit_note')
      : sendTemplates(seller, locale, kind === 'quotes' ? 'quote' : 'invoice')
    return { to: customer?.email ?? '', cc: '', ...templates }
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // The server sends only from a verified address: its refusal comes with a way to verify.
  const [needsVerification, setNeedsVerification] = useState(false)
  const user = useAuthSelector(selectUser)
  const verify = useMutation({ mutationFn: requestVerification, meta: { silent: true } })
  const printable = printableOf()
  const preview = templateValues(printable, customer?.contact_name ?? '', 'https://…/d/…')
  const shown = (text: string) =>
    renderTemplate(text.replaceAll('{invoice}', creditedInvoice?.number ?? ''), preview)

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = v.safeParse(sendSchema(t), values)
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.issues))
      setFormError(t('documents.send.checkFields'))
      return
    }
    setErrors({})
    setFormError(null)
    if (!navigator.onLine) {
      setFormError(t('documents.send.offline'))
      return
    }
    setBusy(true)
    try {
      // A credit note sent before goes out with its issued copy, which the server keeps.
      let pdf: { blob: Blob; fileName: string } | null = null
      if (sendMakesPdf(kind, doc)) {
        try {
          const { makeDocumentPdf } = await import('@/billing/document-pdf')
          // What the customer receives is the document once sent: not a draft.
          const withLogo = printableOf(await logoToken())
          const made = await makeDocumentPdf(
            { ...withLogo, status: withLogo.status === 'draft' ? 'sent' : withLogo.status },
            'a4',
            einvoice(),
          )
          if (made.missing.length) {
            setFormError(t('documents.send.notEInvoice', { missing: made.missing.join(' ') }))
            return
          }
          pdf = made
        } catch {
          pdf = null
        }
        if (!pdf) {
          setFormError(t('documents.send.pdfFailed'))
          return
        }
      }
      const r = await save(writes.documentSend, {
        collection: kind,
        id: doc.id,
        label: doc.number
          ? t('documents.send.writeLabel', { number: doc.number })
          : t('documents.send.writeLabelDraft'),
        ...parsed.output,
        ...(pdf ? { pdf: pdf.blob, pdfName: pdf.fileName } : {}),
      })
      if (!r.ok) {
        setErrors(r.fields)
        setFormError(r.message)
        setNeedsVerification(r.code === 'folio_send_unverified')
        return
      }
      notify(
        'success',
        t('documents.send.sent', { kind }),
        t('documents.send.emailedTo', { to: parsed.output.to }),
      )
      onOpenChange(false)
    } finally {
      setBusy(false)
    }
  }

  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((old) => ({ ...old, [k]: e.target.value }))
    setErrors(({ [k]: _fixed, ...rest }) => rest)
  }
  /** A field's value, change handler and message, to spread on it. */
  const bind = (k: keyof typeof values) => ({
    value: values[k],
    onChange: set(k),
    error: errors[k],
  })

  const shownLine = formLine(formError, errors, [t('documents.send.checkFields')])

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('documents.send.title', { kind, number: doc.number || '' })
        .replace(/\s+/g, ' ')
        .trim()}
      description={t(
        credit ? 'documents.send.descriptionCreditNote' : 'documents.send.description',
      )}
      wide
    >
      <form
        noValidate
        onSubmit={submit}
        className="grid gap-4"
        aria-label={t('documents.send.formLabel', { kind })}
      >
        {shownLine ? <Alert>{shownLine}</Alert> : null}
        {needsVerification && user ? (
          verify.isSuccess ? (
            <Alert tone="success">{t('documents.send.verifySent', { email: user.email })}</Alert>
          ) : (
            <div className="grid justify-items-start gap-2">
              {verify.isError ? <Alert>{mutationErrorMessage(verify.error)}</Alert> : null}
              <Button
                variant="outline"
                busy={verify.isPending}
                onClick={() => verify.mutate(user.email)}
              >
                {t('documents.send.verify')}
              </Button>
            </div>
          )
        ) : null}
        <Field
          label={t('documents.send.to')}
          type="email"
          dir="auto"
          {...bind('to')}
          autoComplete="off"
        />
        <Field
          label={t('documents.send.cc')}
          hint={t('documents.send.ccHint')}
          dir="auto"
          {...bind('cc')}
          autoComplete="off"
        />
        <Field label={t('documents.send.subject')} dir="auto" {...bind('subject')} />
        <TextAreaField
          label={t('documents.send.message')}
          hint={t(
            credit ? 'documents.send.messageHintCreditNote' : 'documents.send.messageHint',
            PLACEHOLDERS,
          )}
          dir="auto"
          {...bind('message')}
          rows={7}
        />
        <section
          aria-label={t('documents.send.preview')}
          className="grid gap-1 rounded-md border border-border bg-muted/40 p-3 text-sm"
        >
          <h3 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {t('documents.send.preview')}
          </h3>
          <p dir="auto" className="font-medium [overflow-wrap:anywhere]">
            {shown(values.subject)}
          </p>
          <p dir="auto" className="whitespace-pre-line [overflow-wrap:anywhere]">
            {shown(values.message)}
          </p>
          <p className="text-muted-foreground [overflow-wrap:anywhere]">
            {richText(t, 'documents.send.attached', {
              file: <bdi>{`${printable.number || t('documents.send.attachedFallback')}.pdf`}</bdi>,
            })}
          </p>
        </section>
        <p className="text-sm text-muted-foreground">
          {t('documents.send.limits', {
            perHour: SEND_LIMITS.perAccountHour,
            perDocument: SEND_LIMITS.perDocumentHour,
          })}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('documents.send.cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('documents.send.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
