import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { Plus } from 'lucide-react'
import { PageHeader } from '@/components/layout/PageHeader'
import { RecordList, textColumn, type Column } from '@/billing/ui/RecordList'
import { Badge } from '@/components/ui/badge'
import { EmptyState } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { buttonClass } from '@/components/ui/button'
import { paths, recordPaths } from '@/config/paths'
import { listSpecs } from '@/billing/list-state'
import { countryName } from '@/billing/currencies'
import { formatMoney, isoDate } from '@/billing/format'
import type { Customer } from '@/billing/types'
import { useT, type Translate } from '@/lib/i18n'
import { cn } from '@/components/ui/cn'
import { useCustomerActions } from './components/customer-actions'
import { balanceOf, customerBalancesQuery, type CustomerBalances } from './data/balances'
import { WriteOnly } from '@/components/ui/role-note'
import { useRole } from '@/lib/roles'

/** What a customer owes, as an amount; a dash until the balances have arrived. */
const balanceCell = (c: Customer, balances: CustomerBalances | undefined) => {
  const cents = balanceOf(balances, c.id)
  return cents === null ? (
    '—'
  ) : (
    <span className={cn('whitespace-nowrap tabular-nums', !cents && 'text-muted-foreground')}>
      {formatMoney(cents, c.currency)}
    </span>
  )
}

const columns = (t: Translate, balances: CustomerBalances | undefined): Column<Customer>[] => [
  {
    id: 'name',
    header: t('customers.column.name'),
    sortKey: 'name',
    cell: (c) => c.name,
    className: 'min-w-36 break-words',
  },
  textColumn<Customer>({
    id: 'contact',
    header: t('customers.column.contact'),
    from: 'xl',
    className: 'break-words',
    text: (c) => c.contact_name,
  }),
  textColumn<Customer>({
    id: 'email',
    header: t('customers.column.email'),
    sortKey: 'email',
    from: 'lg',
    className: 'min-w-40 [overflow-wrap:anywhere]',
    text: (c) => c.email,
  }),
  {
    id: 'city',
    header: t('customers.column.city'),
    sortKey: 'city',
    cell: (c) =>
      [c.city, c.country ? countryName(c.country) : ''].filter(Boolean).join(', ') || '—',
    detail: (c) => c.city,
    from: 'xl',
    className: 'break-words',
  },
  {
    id: 'balance',
    header: t('customers.column.balance'),
    cell: (c) => balanceCell(c, balances),
    // Under the name, only what is owed: "owes €1,250.00".
    detail: (c) => {
      const cents = balanceOf(balances, c.id)
      return cents ? t('records.balance.owes', { amount: formatMoney(cents, c.currency) }) : null
    },
    align: 'end',
    from: 'lg',
  },
  {
    id: 'currency',
    header: t('customers.column.currency'),
    sortKey: 'currency',
    cell: (c) => (
      <span className="flex flex-wrap items-center gap-2">
        {c.currency}
        {c.archived ? <Badge tone="muted">{t('customers.archived')}</Badge> : null}
      </span>
    ),
  },
]

export default function CustomersPage() {
  const t = useT()
  const [, navigate] = useLocation()
  const writer = useRole().can('write')
  const [dialog, setDialog] = useState<Customer | null>(null)
  const actions = useCustomerActions()
  const balances = useQuery(customerBalancesQuery())
  return (
    <>
      <PageHeader
        title={t('customers.list.title')}
        description={t('customers.list.description')}
        actions={
          <WriteOnly>
            <PreloadLink href={recordPaths.customerNew} className={buttonClass()}>
              <Plus className="size-4" aria-hidden />
              {t('customers.list.new')}
            </PreloadLink>
          </WriteOnly>
        }
      />
      <RecordList<Customer>
        spec={listSpecs.customers}
        basePath={paths.customers}
        columns={columns(t, balances.data)}
        rowLabel={(c) => c.name}
        rowHref={(c) => recordPaths.customer(c.id)}
        cardDetail={(c) =>
          c.email || c.city ? (
            <span className="[overflow-wrap:anywhere]">
              {c.email ? <bdi>{c.email}</bdi> : null}
              {c.email && c.city ? ' · ' : null}
              {c.city ? <bdi>{c.city}</bdi> : null}
            </span>
          ) : (
            c.currency
          )
        }
        cardAside={(c) => balanceCell(c, balances.data)}
        rowActions={(c) => [
          {
            label: t('customers.action.open'),
            onSelect: () => navigate(recordPaths.customer(c.id)),
          },
          ...(!writer
            ? []
            : [
                {
                  label: t('customers.action.edit'),
                  onSelect: () => navigate(recordPaths.customerEdit(c.id)),
                },
                {
                  label: t('customers.action.newInvoice'),
                  onSelect: () => navigate(`${recordPaths.invoiceNew}?customer=${c.id}`),
                },
                {
                  label: t('customers.action.newQuote'),
                  onSelect: () => navigate(`${recordPaths.quoteNew}?customer=${c.id}`),
                },
                c.archived
                  ? {
                      label: t('customers.action.restore'),
                      onSelect: () => void actions.setArchived(c, false),
                    }
                  : {
                      label: t('customers.action.archive'),
                      onSelect: () => void actions.setArchived(c, true),
                    },
                {
                  label: t('customers.action.delete'),
                  destructive: true,
                  onSelect: () => setDialog(c),
                },
              ]),
        ]}
        pendingRows={(p) =>
          p.creates.map(
            (v) =>
              ({
                ...(v.body as Partial<Customer>),
                id: v.id,
                created: '',
                updated: '',
              }) as Customer,
          )
        }
        csv={{
          filename: 'customers',
          columns: [
            { header: t('customers.csv.name'), value: (c) => c.name },
            { header: t('customers.csv.contact'), value: (c) => c.contact_name },
            { header: t('customers.csv.email'), value: (c) => c.email },
            { header: t('customers.csv.phone'), value: (c) => c.phone },
            { header: t('customers.csv.website'), value: (c) => c.website },
            { header: t('customers.csv.taxId'), value: (c) => c.tax_id },
            { header: t('customers.csv.address'), value: (c) => c.address },
            { header: t('customers.csv.city'), value: (c) => c.city },
            { header: t('customers.csv.postalCode'), value: (c) => c.postal_code },
            { header: t('customers.csv.country'), value: (c) => c.country },
            { header: t('customers.csv.currency'), value: (c) => c.currency },
            { header: t('customers.csv.paymentTerms'), value: (c) => c.payment_terms_days },
            {
              header: t('customers.csv.archived'),
              value: (c) => (c.archived ? t('customers.csv.yes') : t('customers.csv.no')),
            },
            { header: t('customers.csv.added'), value: (c) => isoDate(c.created) },
          ],
        }}
        empty={
          <EmptyState
            title={t('customers.list.emptyTitle')}
            action={
              <WriteOnly>
                <PreloadLink href={recordPaths.customerNew} className={buttonClass()}>
                  {t('customers.list.addFirst')}
                </PreloadLink>
              </WriteOnly>
            }
          >
            {t('customers.list.emptyText')}
          </EmptyState>
        }
      />
      {actions.deleteDialog(dialog, () => setDialog(null))}
    </>
  )
}
