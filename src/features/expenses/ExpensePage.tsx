import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useLocation, useParams } from 'wouter'
import { FileText, Pencil, Trash2 } from 'lucide-react'
import { PageHeader } from '@/components/layout/PageHeader'
import { cn } from '@/components/ui/cn'
import { useDocumentTitle } from '@/components/layout/document-title'
import { Button } from '@/components/ui/button'
import { WriteOnly } from '@/components/ui/role-note'
import { PendingBadge } from '@/billing/ui/StatusBadge'
import { RecordPending } from '@/billing/ui/RecordPending'
import { recordPaths } from '@/config/paths'
import { recordQuery } from '@/billing/queries'
import { formatDate, formatMoney } from '@/billing/format'
import type { Expense } from '@/billing/types'
import { useT } from '@/lib/i18n'
import { useRole } from '@/lib/roles'
import { useAuthSelector } from '@/lib/auth-context'
import { useFileToken } from '@/lib/pocketbase/file-token'
import { selectUser } from '@machines/auth/selectors'
import { useExpenseActions } from './components/expense-actions'
import { PaymentBadge } from './components/PaymentBadge'
import { expenseFileUrl, isPdfName } from './data/receipt'
import { withPreviewTotals } from './data/pending'

/** A labelled value of the page (a row of its definition list). */
function Detail({
  label,
  children,
  wide = false,
}: {
  label: string
  children: ReactNode
  /** Across both columns (a text that may be long). */
  wide?: boolean
}) {
  return (
    <div className={cn('grid min-w-0 content-start gap-0.5', wide && 'sm:col-span-2')}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children || '—'}</dd>
    </div>
  )
}

/** A receipt that waits on this device (made offline): shown from the file itself. */
function LocalReceipt({ file }: { file: Blob }) {
  const t = useT()
  const url = useMemo(() => URL.createObjectURL(file), [file])
  useEffect(() => () => URL.revokeObjectURL(url), [url])
  return file.type === 'application/pdf' ? (
    <p>{t('expenses.receipt.pdfWaiting')}</p>
  ) : (
    <img
      src={url}
      alt={t('expenses.receipt.alt')}
      className="max-h-[32rem] w-auto rounded-md border"
    />
  )
}

/** The stored receipt: the picture itself, or a link to the PDF (both need a file token). */
function StoredReceipt({ expense, token }: { expense: Expense; token: string | null }) {
  const t = useT()
  const name = typeof expense.receipt === 'string' ? expense.receipt : ''
  const url = expenseFileUrl(expense, name, token)
  if (!name) return <p className="text-muted-foreground">{t('expenses.receipt.none')}</p>
  if (!url) return <p role="status">{t('expenses.receipt.loading')}</p>
  return isPdfName(name) ? (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-2 underline"
    >
      <FileText className="size-4" aria-hidden />
      {t('expenses.receipt.openPdf')}
    </a>
  ) : (
    <a href={url} target="_blank" rel="noreferrer" className="inline-block">
      <img
        src={url}
        alt={t('expenses.receipt.alt')}
        className="max-h-[32rem] w-auto max-w-full rounded-md border"
      />
    </a>
  )
}

/** /expenses/:id: an expense as recorded, its VAT per rate, its receipt and the received file. */
export default function ExpensePage() {
  const t = useT()
  const { id = '' } = useParams<{ id: string }>()
  const [, navigate] = useLocation()
  const user = useAuthSelector(selectUser)
  const token = useFileToken(user?.id)
  const role = useRole()
  const q = useQuery(recordQuery<Expense>('expenses', id))
  const [deleting, setDeleting] = useState<Expense | null>(null)
  const actions = useExpenseActions()
  useDocumentTitle(q.data?.vendor_name)
  if (!q.data) return <RecordPending failed={q.isError} what="expense" />
  const pending = (q.data as Expense & { pending?: boolean }).pending === true
  const e = withPreviewTotals(q.data)
  const money = (cents: number) => (
    <bdi className="tabular-nums">{formatMoney(cents, e.currency)}</bdi>
  )
  const sourceUrl = expenseFileUrl(e, e.source_file, token)
  return (
    <>
      <PageHeader
        title={e.vendor_name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <PaymentBadge state={e.payment_state} />
            {pending ? <PendingBadge /> : null}
            <span>{formatDate(e.date)}</span>
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <WriteOnly>
              <Button variant="outline" onClick={() => navigate(recordPaths.expenseEdit(e.id))}>
                <Pencil className="size-4" aria-hidden />
                {t('expenses.action.edit')}
              </Button>
            </WriteOnly>
            {role.can('manage') ? (
              <Button variant="outline" onClick={() => setDeleting(e)}>
                <Trash2 className="size-4" aria-hidden />
                {t('expenses.action.delete')}
              </Button>
            ) : null}
          </div>
        }
      />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label={t('expenses.form.vendor')}>
              {e.vendor ? (
                <Link href={recordPaths.vendor(e.vendor)} className="underline">
                  <bdi>{e.vendor_name}</bdi>
                </Link>
              ) : (
                <bdi>{e.vendor_name}</bdi>
              )}
            </Detail>
            <Detail label={t('expenses.form.number')}>
              {e.number ? <bdi>{e.number}</bdi> : null}
            </Detail>
            <Detail label={t('expenses.form.date')}>{formatDate(e.date)}</Detail>
            <Detail label={t('expenses.form.dueDate')}>
              {e.due_date ? formatDate(e.due_date) : null}
            </Detail>
            <Detail label={t('expenses.form.category')}>
              {e.category ? <bdi>{e.category}</bdi> : null}
            </Detail>
            <Detail label={t('expenses.form.paymentMethod')}>
              {e.payment_method ? t(`expenses.method.${e.payment_method}`) : null}
            </Detail>
            {e.payment_state === 'paid' ? (
              <Detail label={t('expenses.form.paidOn')}>
                {e.paid_on ? formatDate(e.paid_on) : null}
              </Detail>
            ) : null}
            <Detail label={t('expenses.form.description')} wide>
              {e.description ? <bdi className="whitespace-pre-line">{e.description}</bdi> : null}
            </Detail>
            {e.note ? (
              <Detail label={t('expenses.form.note')} wide>
                <bdi className="whitespace-pre-line">{e.note}</bdi>
              </Detail>
            ) : null}
          </dl>
          <section className="grid gap-2">
            <h2 className="text-base font-semibold">{t('expenses.form.vatLines')}</h2>
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">{t('expenses.form.vatLines')}</caption>
                <thead>
                  <tr className="border-b text-muted-foreground">
                    <th scope="col" className="py-1 text-start font-medium">
                      {t('expenses.form.rate')}
                    </th>
                    <th scope="col" className="py-1 text-end font-medium">
                      {t('expenses.column.net')}
                    </th>
                    <th scope="col" className="py-1 text-end font-medium">
                      {t('expenses.column.vat')}
                    </th>
                    <th scope="col" className="py-1 text-end font-medium">
                      {t('expenses.column.total')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {(e.vat_lines ?? []).map((l) => (
                    <tr key={l.rate} className="border-b">
                      <td className="py-1 tabular-nums">{l.rate} %</td>
                      <td className="py-1 text-end">{money(l.net_cents)}</td>
                      <td className="py-1 text-end">{money(l.vat_cents)}</td>
                      <td className="py-1 text-end">{money(l.gross_cents)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="font-semibold">
                    <th scope="row" className="py-1 text-start">
                      {t('expenses.column.total')}
                    </th>
                    <td className="py-1 text-end">{money(e.net_cents)}</td>
                    <td className="py-1 text-end">{money(e.vat_cents)}</td>
                    <td className="py-1 text-end">{money(e.total_cents)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </section>
        </div>
        <div className="grid content-start gap-6">
          <section className="grid gap-2">
            <h2 className="text-base font-semibold">{t('expenses.form.receipt')}</h2>
            {e.receipt instanceof Blob ? (
              <>
                <p className="text-sm text-muted-foreground">{t('expenses.receipt.waiting')}</p>
                <LocalReceipt file={e.receipt} />
              </>
            ) : (
              <StoredReceipt expense={e} token={token} />
            )}
          </section>
          {e.source_file ? (
            <section className="grid gap-2">
              <h2 className="text-base font-semibold">{t('expenses.source.title')}</h2>
              {sourceUrl ? (
                <a
                  href={sourceUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-2 underline"
                >
                  <FileText className="size-4" aria-hidden />
                  {t('expenses.source.open', { format: e.source_format || 'xml' })}
                </a>
              ) : (
                <p role="status">{t('expenses.receipt.loading')}</p>
              )}
            </section>
          ) : null}
        </div>
      </div>
      {actions.deleteDialog(deleting, () => setDeleting(null))}
    </>
  )
}
