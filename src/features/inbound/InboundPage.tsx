import { useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { PageHeader } from '@/components/layout/PageHeader'
import { Alert, Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { FileInput } from '@/components/ui/file-input'
import { RoleNote } from '@/components/ui/role-note'
import { formatDate } from '@/billing/format'
import { recordPaths } from '@/config/paths'
import { useBusinessId } from '@/lib/business'
import { mutationErrorMessage } from '@/lib/errors'
import { useT } from '@/lib/i18n'
import { useRole } from '@/lib/roles'
import {
  ACCEPT,
  createExpenseFrom,
  readEInvoice,
  type InboundDocument,
  type Party,
  type ReadAnswer,
} from './data'
import { formatName, money, problemText } from './view'

/**
 * /expenses/import: drop or choose a received e-invoice → the invoice as a person reads it (the
 * check's problems in sentences above it) → Create expense, which opens the new expense.
 * Owners, admins and members; nothing is stored until Create expense.
 */
export default function InboundPage() {
  const t = useT()
  const business = useBusinessId()
  const role = useRole()
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const [file, setFile] = useState<File | null>(null)
  const [read, setRead] = useState<ReadAnswer | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [over, setOver] = useState(false)

  const check = useMutation({
    mutationFn: (f: File) => readEInvoice(business, f),
    onSuccess: (r) => {
      setRead(r)
      setError(null)
    },
    // The page says what went wrong itself (no toast as well).
    meta: { silent: true },
    onError: (e) => setError(mutationErrorMessage(e)),
  })
  const create = useMutation({
    mutationFn: (f: File) => createExpenseFrom(business, f),
    onSuccess: (r) => {
      void queryClient.invalidateQueries({ queryKey: ['records', 'expenses'] })
      void queryClient.invalidateQueries({ queryKey: ['records', 'vendors'] })
      navigate(recordPaths.expense(r.id))
    },
    meta: { silent: true },
    onError: (e) => setError(mutationErrorMessage(e)),
  })

  const header = <PageHeader title={t('inbound.title')} description={t('inbound.description')} />
  if (!role.can('write')) {
    return (
      <>
        {header}
        <Card>
          <RoleNote only="inbound.onlyWriters" />
        </Card>
      </>
    )
  }

  const take = (f: File | undefined) => {
    if (!f) return
    setFile(f)
    setRead(null)
    setError(null)
    check.mutate(f)
  }
  const chosen = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0]
    e.target.value = ''
    take(f)
  }
  const dropped = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault()
    setOver(false)
    take(e.dataTransfer.files[0])
  }
  const reset = () => {
    setFile(null)
    setRead(null)
    setError(null)
  }

  return (
    <>
      {header}
      <div className="grid gap-6">
        <Card className="grid gap-4">
          <div
            data-testid="inbound-drop"
            onDragOver={(e) => {
              e.preventDefault()
              setOver(true)
            }}
            onDragLeave={() => setOver(false)}
            onDrop={dropped}
            className={`grid gap-3 rounded-lg border-2 border-dashed p-4 ${over ? 'border-primary bg-muted/40' : 'border-border'}`}
          >
            <p className="text-sm text-muted-foreground" aria-hidden>
              {t('inbound.drop')}
            </p>
            <FileInput
              label={t('inbound.file.label')}
              accept={ACCEPT}
              hint={t('inbound.file.hint')}
              fileName={file?.name ?? null}
              onChange={chosen}
            />
          </div>
          {check.isPending ? <p role="status">{t('inbound.reading')}</p> : null}
          {error ? <Alert>{error}</Alert> : null}
        </Card>
        {read ? (
          <>
            <Check read={read} />
            <InvoiceView doc={read.document} />
            <div className="flex flex-wrap items-center gap-2">
              {read.document.kind === 'credit_note' ? (
                <p role="note" className="text-sm">
                  {t('inbound.creditNote')}
                </p>
              ) : (
                <Button busy={create.isPending} onClick={() => file && create.mutate(file)}>
                  {create.isPending ? t('inbound.creating') : t('inbound.create')}
                </Button>
              )}
              <Button variant="ghost" onClick={reset}>
                {t('inbound.again')}
              </Button>
            </div>
          </>
        ) : null}
      </div>
    </>
  )
}

/** The check's verdict: each problem in a sentence, or that the figures add up. */
function Check({ read }: { read: ReadAnswer }) {
  const t = useT()
  const n = read.problems.length
  return (
    <section aria-labelledby="inbound-check">
      <Alert tone={n ? 'error' : 'success'}>
        <h2 id="inbound-check" className="font-semibold">
          {t('inbound.check.title')}
        </h2>
        {n ? (
          <>
            <p>{t('inbound.check.problems', { count: n })}</p>
            <ul className="list-disc ps-5" data-testid="inbound-problems">
              {read.problems.map((p, i) => (
                <li key={i}>
                  <bdi>{problemText(p, t)}</bdi>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>{t('inbound.check.ok')}</p>
        )}
      </Alert>
    </section>
  )
}

/** A party's block: name, address lines, country, VAT ID, email. */
function PartyBlock({ title, party }: { title: string; party: Party }) {
  const t = useT()
  const city = [party.postcode, party.city].filter(Boolean).join(' ')
  const lines = [party.street, party.street2, party.street3, city, party.country].filter(Boolean)
  return (
    <section className="grid min-w-0 content-start gap-1">
      <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
      <p className="font-semibold [overflow-wrap:anywhere]">
        <bdi>{party.name || '—'}</bdi>
      </p>
      <address className="text-sm not-italic [overflow-wrap:anywhere]">
        {lines.map((l, i) => (
          <span key={i} className="block">
            <bdi>{l}</bdi>
          </span>
        ))}
        {party.vat_id ? (
          <span className="block">
            <bdi>{t('inbound.party.vatId', { id: party.vat_id })}</bdi>
          </span>
        ) : null}
        {party.email ? (
          <span className="block">
            <bdi>{party.email}</bdi>
          </span>
        ) : null}
      </address>
    </section>
  )
}

/** One labelled value of a definition list; nothing when the value is empty. */
function Row({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  if (value === '' || value === null) return null
  return (
    <div className={`flex flex-wrap justify-between gap-x-4 ${strong ? 'font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums [overflow-wrap:anywhere]">
        <bdi>{value}</bdi>
      </dd>
    </div>
  )
}

const cell = 'p-2 align-top'
const num = `${cell} text-end tabular-nums whitespace-nowrap`

/** A column's header, at the start or (amounts) at the end. */
function Th({ end, children }: { end?: boolean; children: ReactNode }) {
  return (
    <th scope="col" className={`${cell} ${end ? 'text-end' : 'text-start'}`}>
      {children}
    </th>
  )
}

/** The invoice as a person reads it. */
function InvoiceView({ doc }: { doc: InboundDocument }) {
  const t = useT()
  const cur = doc.currency
  const m = (v: string) => money(v, cur)
  const rate = (r: string) => (r === '' ? '' : `${r} %`)
  const tot = doc.totals
  return (
    <Card className="grid gap-6" data-testid="inbound-view">
      <div className="grid gap-2">
        <h2 className="text-xl font-semibold [overflow-wrap:anywhere]">
          <bdi>
            {doc.kind === 'credit_note'
              ? t('inbound.kind.credit_note', { number: doc.number || '—' })
              : t('inbound.kind.invoice', { number: doc.number || '—' })}
          </bdi>
        </h2>
        <dl className="grid gap-1 text-sm sm:max-w-md">
          <Row label={t('inbound.meta.format')} value={formatName(doc, t)} />
          <Row
            label={t('inbound.meta.issued')}
            value={doc.issue_date ? formatDate(doc.issue_date) : ''}
          />
          <Row label={t('inbound.meta.due')} value={doc.due_date ? formatDate(doc.due_date) : ''} />
          <Row label={t('inbound.meta.currency')} value={cur} />
          <Row label={t('inbound.meta.buyerReference')} value={doc.buyer_reference} />
          <Row label={t('inbound.meta.corrects')} value={doc.preceding.join(', ')} />
        </dl>
      </div>
      <div className="grid gap-6 sm:grid-cols-2">
        <PartyBlock title={t('inbound.party.seller')} party={doc.seller} />
        <PartyBlock title={t('inbound.party.buyer')} party={doc.buyer} />
      </div>
      <section className="grid gap-2" aria-labelledby="inbound-lines">
        <h3 id="inbound-lines" className="font-semibold">
          {t('inbound.lines.title')}
        </h3>
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr>
                <Th>{t('inbound.lines.number')}</Th>
                <Th>{t('inbound.lines.item')}</Th>
                <Th end>{t('inbound.lines.quantity')}</Th>
                <Th end>{t('inbound.lines.price')}</Th>
                <Th end>{t('inbound.lines.rate')}</Th>
                <Th end>{t('inbound.lines.net')}</Th>
              </tr>
            </thead>
            <tbody>
              {doc.lines.map((l, i) => (
                <tr key={i} className="border-t border-border">
                  <td className={cell}>
                    <bdi>{l.id}</bdi>
                  </td>
                  <td className={`${cell} min-w-40 [overflow-wrap:anywhere]`}>
                    <bdi className="block">{l.name}</bdi>
                    {l.description ? (
                      <bdi className="block text-muted-foreground">{l.description}</bdi>
                    ) : null}
                  </td>
                  <td className={num}>
                    <bdi>{[l.quantity, l.unit_code].filter(Boolean).join(' ')}</bdi>
                  </td>
                  <td className={num}>{m(l.price)}</td>
                  <td className={num}>{rate(l.vat_rate)}</td>
                  <td className={num}>{m(l.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <div className="grid gap-6 md:grid-cols-2">
        <section className="grid content-start gap-2" aria-labelledby="inbound-vat">
          <h3 id="inbound-vat" className="font-semibold">
            {t('inbound.vat.title')}
          </h3>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="inbound-vat">
              <thead>
                <tr>
                  <Th>{t('inbound.vat.rate')}</Th>
                  <Th end>{t('inbound.vat.taxable')}</Th>
                  <Th end>{t('inbound.vat.tax')}</Th>
                </tr>
              </thead>
              <tbody>
                {doc.vat.map((g, i) => (
                  <tr key={i} className="border-t border-border">
                    <td className={cell}>
                      <bdi className="block">{rate(g.rate || '0')}</bdi>
                      <bdi className="block text-muted-foreground">
                        {t('inbound.vat.category', { category: g.category })}
                        {g.exemption ? ` · ${g.exemption}` : ''}
                      </bdi>
                    </td>
                    <td className={num}>{m(g.taxable)}</td>
                    <td className={num}>{m(g.tax)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
        <section className="grid content-start gap-2" aria-labelledby="inbound-totals">
          <h3 id="inbound-totals" className="font-semibold">
            {t('inbound.totals.title')}
          </h3>
          <dl className="grid gap-1 text-sm" data-testid="inbound-totals">
            <Row label={t('inbound.totals.lines')} value={m(tot.lines)} />
            <Row label={t('inbound.totals.allowances')} value={m(tot.allowances)} />
            <Row label={t('inbound.totals.charges')} value={m(tot.charges)} />
            <Row label={t('inbound.totals.net')} value={m(tot.net)} />
            <Row label={t('inbound.totals.vat')} value={m(tot.vat)} />
            <Row label={t('inbound.totals.gross')} value={m(tot.gross)} strong />
            <Row label={t('inbound.totals.prepaid')} value={m(tot.prepaid)} />
            <Row label={t('inbound.totals.rounding')} value={m(tot.rounding)} />
            <Row label={t('inbound.totals.payable')} value={m(tot.payable)} strong />
          </dl>
        </section>
      </div>
      <section className="grid gap-2" aria-labelledby="inbound-payment">
        <h3 id="inbound-payment" className="font-semibold">
          {t('inbound.payment.title')}
        </h3>
        {doc.seller.iban ? null : <p className="text-sm">{t('inbound.payment.none')}</p>}
        <dl className="grid gap-1 text-sm sm:max-w-md">
          <Row label={t('inbound.payment.iban')} value={doc.seller.iban} />
          <Row label={t('inbound.payment.bic')} value={doc.seller.bic} />
          <Row label={t('inbound.payment.holder')} value={doc.seller.account_name} />
          <Row label={t('inbound.payment.reference')} value={doc.payment_reference} />
          <Row label={t('inbound.meta.due')} value={doc.due_date ? formatDate(doc.due_date) : ''} />
          <Row label={t('inbound.payment.terms')} value={doc.payment_terms} />
        </dl>
      </section>
      {doc.notes.length ? (
        <section className="grid gap-2" aria-labelledby="inbound-notes">
          <h3 id="inbound-notes" className="font-semibold">
            {t('inbound.notes.title')}
          </h3>
          {doc.notes.map((n, i) => (
            <p key={i} className="whitespace-pre-line text-sm [overflow-wrap:anywhere]">
              <bdi>{n}</bdi>
            </p>
          ))}
        </section>
      ) : null}
    </Card>
  )
}
