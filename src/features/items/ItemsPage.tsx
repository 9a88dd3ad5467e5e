import { useState } from 'react'
import { useLocation } from 'wouter'
import { Plus } from 'lucide-react'
import { PageHeader } from '@/components/layout/PageHeader'
import { RecordList, type Column } from '@/billing/ui/RecordList'
import { Badge } from '@/components/ui/badge'
import { EmptyState } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { buttonClass } from '@/components/ui/button'
import { WriteOnly } from '@/components/ui/role-note'
import { paths, recordPaths } from '@/config/paths'
import { listSpecs } from '@/billing/list-state'
import { formatMoney, isoDate, toMajor } from '@/billing/format'
import type { Item } from '@/billing/types'
import { useT, type Translate } from '@/lib/i18n'
import { useRole } from '@/lib/roles'
import { useItemActions } from './components/item-actions'

/** An item's prices, one under the other (each kept whole); a dash without any. */
const pricesCell = (item: Item) =>
  item.prices?.length ? (
    <span className="grid justify-items-end tabular-nums">
      {item.prices.map((p) => (
        <bdi key={p.currency} className="whitespace-nowrap">
          {formatMoney(p.cents, p.currency)}
        </bdi>
      ))}
    </span>
  ) : (
    '—'
  )

const columns = (t: Translate): Column<Item>[] => [
  {
    id: 'name',
    header: t('items.column.name'),
    sortKey: 'name',
    cell: (i) => (
      <span className="flex flex-wrap items-center gap-2">
        <bdi>{i.name}</bdi>
        {i.archived ? <Badge tone="muted">{t('items.archived')}</Badge> : null}
      </span>
    ),
    className: 'min-w-36 break-words',
  },
  {
    id: 'sku',
    header: t('items.column.sku'),
    sortKey: 'sku',
    cell: (i) => (i.sku ? <bdi>{i.sku}</bdi> : '—'),
    detail: (i) => i.sku,
    from: 'lg',
    className: '[overflow-wrap:anywhere]',
  },
  {
    id: 'unit',
    header: t('items.column.unit'),
    cell: (i) => i.unit || i.unit_code || '—',
    from: 'xl',
  },
  {
    id: 'tax',
    header: t('items.column.taxRate'),
    cell: (i) => `${i.tax_rate} %`,
    align: 'end',
    from: 'xl',
    className: 'whitespace-nowrap tabular-nums',
  },
  {
    id: 'prices',
    header: t('items.column.prices'),
    cell: pricesCell,
    align: 'end',
  },
]

/** /items: the catalogue, searched, by tab (active, archived), exported as CSV. */
export default function ItemsPage() {
  const t = useT()
  const [, navigate] = useLocation()
  const writer = useRole().can('write')
  const [dialog, setDialog] = useState<Item | null>(null)
  const actions = useItemActions()
  return (
    <>
      <PageHeader
        title={t('items.list.title')}
        description={t('items.list.description')}
        actions={
          <WriteOnly>
            <PreloadLink href={recordPaths.itemNew} className={buttonClass()}>
              <Plus className="size-4" aria-hidden />
              {t('items.list.new')}
            </PreloadLink>
          </WriteOnly>
        }
      />
      <RecordList<Item>
        spec={listSpecs.items}
        basePath={paths.items}
        columns={columns(t)}
        rowLabel={(i) => i.name}
        rowHref={(i) => recordPaths.item(i.id)}
        cardDetail={(i) => (i.sku ? <bdi>{i.sku}</bdi> : i.unit || null)}
        cardAside={pricesCell}
        rowActions={(i) => [
          { label: t('items.action.open'), onSelect: () => navigate(recordPaths.item(i.id)) },
          ...(!writer
            ? []
            : [
                i.archived
                  ? {
                      label: t('items.action.restore'),
                      onSelect: () => void actions.setArchived(i, false),
                    }
                  : {
                      label: t('items.action.archive'),
                      onSelect: () => void actions.setArchived(i, true),
                    },
                {
                  label: t('items.action.delete'),
                  destructive: true,
                  onSelect: () => setDialog(i),
                },
              ]),
        ]}
        pendingRows={(p) =>
          p.creates.map(
            (v) =>
              ({
                ...(v.body as Partial<Item>),
                id: v.id,
                created: '',
                updated: '',
              }) as Item,
          )
        }
        csv={{
          filename: 'items',
          columns: [
            { header: t('items.csv.name'), value: (i) => i.name },
            { header: t('items.csv.description'), value: (i) => i.description },
            { header: t('items.csv.sku'), value: (i) => i.sku },
            { header: t('items.csv.unit'), value: (i) => i.unit },
            { header: t('items.csv.unitCode'), value: (i) => i.unit_code },
            {
              header: t('items.csv.prices'),
              value: (i) =>
                (i.prices ?? [])
                  .map((p) => `${p.currency} ${toMajor(p.cents, p.currency)}`)
                  .join('; '),
            },
            { header: t('items.csv.taxRate'), value: (i) => i.tax_rate },
            { header: t('items.csv.vatCategory'), value: (i) => i.vat_category },
            {
              header: t('items.csv.archived'),
              value: (i) => (i.archived ? t('customers.csv.yes') : t('customers.csv.no')),
            },
            { header: t('items.csv.added'), value: (i) => isoDate(i.created) },
          ],
        }}
        empty={
          <EmptyState
            title={t('items.list.emptyTitle')}
            action={
              <WriteOnly>
                <PreloadLink href={recordPaths.itemNew} className={buttonClass()}>
                  {t('items.list.addFirst')}
                </PreloadLink>
              </WriteOnly>
            }
          >
            {t('items.list.emptyText')}
          </EmptyState>
        }
      />
      {actions.deleteDialog(dialog, () => setDialog(null))}
    </>
  )
}
