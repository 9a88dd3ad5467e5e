import { useState } from 'react'
import { useLocation } from 'wouter'
import { RecordList, textColumn, type Column } from '@/billing/ui/RecordList'
import { ListHeader } from '@/billing/ui/ListHeader'
import { IbanText } from '@/billing/ui/IbanText'
import { EmptyState } from '@/components/ui/card'
import { paths, recordPaths } from '@/config/paths'
import { listSpecs } from '@/billing/list-state'
import { countryName } from '@/billing/currencies'
import { isoDate } from '@/billing/format'
import type { Vendor } from '@/billing/types'
import { useT, type Translate } from '@/lib/i18n'
import { useRole } from '@/lib/roles'
import { useVendorActions } from './components/vendor-actions'

const columns = (t: Translate): Column<Vendor>[] => [
  {
    id: 'name',
    header: t('expenses.vendor.name'),
    sortKey: 'name',
    cell: (x) => <bdi>{x.name}</bdi>,
    className: 'min-w-36 break-words',
  },
  textColumn<Vendor>({
    id: 'address',
    header: t('expenses.vendor.address'),
    from: 'xl',
    className: 'break-words whitespace-pre-line',
    text: (x) => [x.address, x.country ? countryName(x.country) : ''].filter(Boolean).join('\n'),
  }),
  textColumn<Vendor>({
    id: 'vat',
    header: t('expenses.vendor.vatId'),
    from: 'lg',
    className: '[overflow-wrap:anywhere]',
    text: (x) => x.vat_id,
  }),
  {
    id: 'iban',
    header: t('expenses.vendor.iban'),
    cell: (x) => (x.iban ? <IbanText iban={x.iban} /> : '—'),
    from: '2xl',
  },
  textColumn<Vendor>({
    id: 'email',
    header: t('expenses.vendor.email'),
    from: 'lg',
    className: '[overflow-wrap:anywhere]',
    text: (x) => x.email,
  }),
]

/** /vendors: who the business buys from, searched, active or archived, exported as CSV. */
export default function VendorsPage() {
  const t = useT()
  const [, navigate] = useLocation()
  const role = useRole()
  const [deleting, setDeleting] = useState<Vendor | null>(null)
  const actions = useVendorActions()
  return (
    <>
      <ListHeader
        title={t('expenses.vendor.listTitle')}
        description={t('expenses.vendor.listDescription')}
        newHref={recordPaths.vendorNew}
        newLabel={t('expenses.vendor.new')}
      />
      <RecordList<Vendor>
        spec={listSpecs.vendors}
        basePath={paths.vendors}
        columns={columns(t)}
        rowLabel={(x) => x.name}
        rowHref={(x) => recordPaths.vendor(x.id)}
        cardDetail={(x) => (x.vat_id ? <bdi>{x.vat_id}</bdi> : x.email || null)}
        cardAside={() => null}
        rowActions={(x) => [
          { label: t('expenses.action.open'), onSelect: () => navigate(recordPaths.vendor(x.id)) },
          ...(role.can('manage')
            ? [
                {
                  label: t('expenses.action.delete'),
                  destructive: true,
                  onSelect: () => setDeleting(x),
                },
              ]
            : []),
        ]}
        pendingRows={(p) =>
          p.creates.map(
            (v) =>
              ({ ...(v.body as Partial<Vendor>), id: v.id, created: '', updated: '' }) as Vendor,
          )
        }
        csv={{
          filename: 'vendors',
          columns: [
            { header: t('expenses.vendor.name'), value: (x) => x.name },
            { header: t('expenses.vendor.address'), value: (x) => x.address },
            { header: t('expenses.vendor.country'), value: (x) => x.country },
            { header: t('expenses.vendor.vatId'), value: (x) => x.vat_id },
            { header: t('expenses.vendor.iban'), value: (x) => x.iban },
            { header: t('expenses.vendor.email'), value: (x) => x.email },
            { header: t('expenses.csv.added'), value: (x) => isoDate(x.created) },
          ],
        }}
        empty={
          <EmptyState title={t('expenses.vendor.emptyTitle')}>
            {t('expenses.vendor.emptyText')}
          </EmptyState>
        }
      />
      {actions.deleteDialog(deleting, () => setDeleting(null))}
    </>
  )
}
