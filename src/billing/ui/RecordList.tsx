import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useLocation, useSearch } from 'wouter'
import { ArrowDown, ArrowUp, ArrowUpDown, Download, MoreHorizontal, Search } from 'lucide-react'
import { PAGE_SIZE } from '@/config/constants'
import { countsQuery, fetchAllMatching, listQuery } from '@/billing/queries'
import { downloadText, toCsv, type CsvColumn } from '@/billing/csv'
import {
  isNarrowed,
  parseListState,
  serializeListState,
  toggleSort,
  updateListState,
  withoutNarrowing,
  type ListSpec,
  type ListState,
} from '@/billing/list-state'
import { useDebounced } from '@/lib/use-debounced'
import { usePendingWrites, type PendingWrites } from '@/billing/save'
import type { AnyRecord } from '@/billing/types'
import { todayIso } from '@/billing/format'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Alert, EmptyState } from '@/components/ui/card'
import { Menu, type MenuItem } from '@/components/ui/menu'
import { inputClass } from '@/components/ui/field'
import { cn } from '@/components/ui/cn'
import { NotCachedOffline, useWaitingOffline } from '@/components/ui/offline-note'
import { CustomerPicker } from './CustomerPicker'
import { PendingBadge } from './StatusBadge'
import { useOpenRow } from './open-row'

export interface Column<T> {
  id: string
  header: string
  /** The list-state sort key this column sorts by. */
  sortKey?: string
  cell: (row: T) => ReactNode
  align?: 'end'
  /**
   * The width from which this column is shown (a low-value column drops out on narrower
   * screens). Below it the column's text moves into the row's secondary line, under the label.
   */
  from?: ColumnBreakpoint
  /** What the secondary line shows for this column while it is hidden (default: the cell). */
  detail?: (row: T) => ReactNode
  /** Classes for the column's cells: a number never wraps (`whitespace-nowrap`)… */
  className?: string
}

export type ColumnBreakpoint = 'lg' | 'xl' | '2xl'

/**
 * A column of text a row may lack (a contact, a reference): "—" in the cell where there is none,
 * and the text itself (or nothing) under the row's label while the column is hidden.
 */
export function textColumn<T>({
  text,
  ...column
}: Omit<Column<T>, 'cell' | 'detail'> & { text: (row: T) => string | undefined }): Column<T> {
  return { ...column, cell: (row) => text(row) || '—', detail: text }
}

/** Literal class names, so Tailwind sees them. */
const shownFrom: Record<ColumnBreakpoint, string> = {
  lg: 'hidden lg:table-cell',
  xl: 'hidden xl:table-cell',
  '2xl': 'hidden 2xl:table-cell',
}
const hiddenFrom: Record<ColumnBreakpoint, string> = {
  lg: 'lg:hidden',
  xl: 'xl:hidden',
  '2xl': '2xl:hidden',
}
const breakpointOrder: ColumnBreakpoint[] = ['lg', 'xl', '2xl']

export interface RecordListProps<T extends AnyRecord> {
  /** What is listed; its collection also names the records in the list's texts. */
  spec: ListSpec
  basePath: string
  columns: Column<T>[]
  /** The first column: a link to the record. */
  rowLabel: (row: T) => string
  rowHref: (row: T) => string
  /** The line under the label on narrow screens (cards). */
  cardDetail: (row: T) => ReactNode
  cardAside: (row: T) => ReactNode
  rowActions?: (row: T) => MenuItem[]
  csv: { filename: string; columns: CsvColumn<T>[] }
  /** Records made on this device that the server has not seen yet. */
  pendingRows?: (pending: PendingWrites) => T[]
  /**
   * What an empty list says when nothing narrows it: an invitation to the first record. When a
   * search or a filter narrows it, the list says that nothing matches and offers to clear them.
   */
  empty: ReactNode
}

/**
 * A list of records, shadcn-admin style: search (debounced, on the server), status tabs with
 * counts, customer and date filters, sortable columns, 30 per page, selection with bulk export,
 * and row actions; a table on wide screens, cards on narrow ones. All state is in the URL.
 */
export function RecordList<T extends AnyRecord>(props: RecordListProps<T>) {
  const { spec, basePath, columns } = props
  const t = useT()
  const collection = spec.collection
  const search = useSearch()
  const [, navigate] = useLocation()
  const state = useMemo(() => parseListState(search, spec), [search, spec])
  const go = (next: ListState, replace = false) =>
    navigate(`${basePath}${serializeListState(next, spec)}`, { replace })

  // The box follows the URL (back/forward), and the URL follows the box after a pause.
  const [typed, setTyped] = useState(state.q)
  const [lastQ, setLastQ] = useState(state.q)
  if (state.q !== lastQ) {
    setLastQ(state.q)
    setTyped(state.q)
  }
  const debounced = useDebounced(typed, 300)
  useEffect(() => {
    if (debounced !== state.q) go(updateListState(state, { q: debounced }), true)
    // Only a settled search term moves the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced])

  const list = useQuery(listQuery<T>(spec, state))
  const waitingOffline = useWaitingOffline(list.isPending && !list.data)
  const counts = useQuery(countsQuery(spec, state))
  const pending = usePendingWrites(spec.collection)
  const deleting = new Set(pending.deletes.map((d) => d.id))
  const updating = new Set(pending.updates.map((u) => u.id))
  const created = state.page === 1 ? (props.pendingRows?.(pending) ?? []) : []
  const rows = [
    ...created.filter((r) => !list.data?.items.some((i) => i.id === r.id)),
    ...(list.data?.items ?? []),
  ].filter((r) => !deleting.has(r.id))
  const [selected, setSelected] = useState<Set<string>>(new Set())
  // A selection belongs to what is shown: another page, tab or search starts a new one.
  const [selectedFor, setSelectedFor] = useState(search)
  if (selectedFor !== search) {
    setSelectedFor(search)
    setSelected(new Set())
  }
  const [exporting, setExporting] = useState(false)
  // The page comes without a total (cheaper); the active tab's count is the total.
  const counted = counts.data?.[state.status]
  const onPage = list.data?.items.length ?? 0
  const total = counted ?? (state.page - 1) * PAGE_SIZE + onPage
  const pages = Math.max(
    1,
    counted !== undefined
      ? Math.ceil(counted / PAGE_SIZE)
      : state.page + (onPage === PAGE_SIZE ? 1 : 0),
  )

  const exportRows = async (only?: Set<string>) => {
    setExporting(true)
    try {
      const all = only ? rows.filter((r) => only.has(r.id)) : await fetchAllMatching<T>(spec, state)
      downloadText(`${props.csv.filename}-${todayIso()}.csv`, toCsv(all, props.csv.columns))
      notify('success', t('billing.list.exported', { collection, count: all.length }))
    } catch {
      notify('error', t('billing.list.exportOffline'))
    } finally {
      setExporting(false)
    }
  }

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id))
  // The hidden columns, first to come back first: the secondary line of the table's first cell.
  const detailColumns = columns
    .filter((c): c is Column<T> & { from: ColumnBreakpoint } => Boolean(c.from))
    .sort((a, b) => breakpointOrder.indexOf(a.from) - breakpointOrder.indexOf(b.from))
  const openRow = useOpenRow()
  const rowMenu = (r: T) =>
    props.rowActions ? (
      <Menu
        label={t('billing.list.actionsFor', { name: props.rowLabel(r) })}
        trigger={<MoreHorizontal className="size-4" aria-hidden />}
        items={props.rowActions(r)}
      />
    ) : null

  return (
    <div className="grid grid-cols-1 gap-4">
      <nav
        aria-label={t('billing.list.statusNav')}
        className="flex flex-wrap gap-1 border-b border-border"
      >
        {spec.tabs.map((tab) => {
          const current = state.status === tab.id
          const count = counts.data?.[tab.id]
          return (
            <Link
              key={tab.id}
              aria-current={current ? 'page' : undefined}
              href={`${basePath}${serializeListState(updateListState(state, { status: tab.id }), spec)}`}
              className={cn(
                '-mb-px border-b-2 px-3 py-2 text-sm',
                current
                  ? 'border-primary font-medium'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              <bdi>{t(tab.label)}</bdi>
              {count !== undefined ? (
                <span className="ms-1.5 rounded-full bg-muted px-1.5 text-xs tabular-nums">
                  <span className="sr-only">(</span>
                  {count}
                  <span className="sr-only">)</span>
                </span>
              ) : null}
            </Link>
          )
        })}
      </nav>

      <div className="flex flex-wrap items-end gap-3">
        <div className="relative w-full sm:w-auto sm:min-w-56 sm:flex-1">
          <label htmlFor="list-search" className="sr-only">
            {t('billing.list.search', { collection })}
          </label>
          <Search
            className="pointer-events-none absolute start-3 top-3 size-4 text-muted-foreground"
            aria-hidden
          />
          <input
            id="list-search"
            type="search"
            className={cn(inputClass, 'ps-9')}
            placeholder={t('billing.list.searchPlaceholder', { collection })}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </div>
        {spec.hasCustomerFilter ? (
          <div className="w-full sm:w-56">
            <CustomerPicker
              label={t('billing.list.customer')}
              hideLabel
              placeholder={t('billing.list.allCustomers')}
              allowClear
              value={state.customer}
              onChange={(c) => go(updateListState(state, { customer: c?.id ?? '' }))}
            />
          </div>
        ) : null}
        {spec.dateField ? (
          <>
            {(['from', 'to'] as const).map((end) => (
              <div key={end} className="grid gap-1">
                <label htmlFor={`list-${end}`} className="text-xs text-muted-foreground">
                  {t(`billing.list.${end}`)}
                </label>
                <input
                  id={`list-${end}`}
                  type="date"
                  className={cn(inputClass, 'w-40')}
                  value={state[end]}
                  onChange={(e) => go(updateListState(state, { [end]: e.target.value }), true)}
                />
              </div>
            ))}
          </>
        ) : null}
        <div className="flex gap-2">
          {selected.size > 0 ? (
            <Button variant="outline" onClick={() => void exportRows(selected)} busy={exporting}>
              <Download className="size-4" aria-hidden />
              {t('billing.list.exportSelected', { count: selected.size })}
            </Button>
          ) : null}
          <Button
            variant="outline"
            onClick={() => void exportRows()}
            busy={exporting}
            disabled={total === 0}
          >
            <Download className="size-4" aria-hidden />
            {t('billing.list.exportCsv')}
          </Button>
        </div>
      </div>

      {list.isError && !list.data ? (
        <Alert>{t('billing.list.loadFailed', { collection })}</Alert>
      ) : null}

      <p className="sr-only" role="status">
        {list.isFetching
          ? t('billing.list.loading', { collection })
          : t('billing.list.found', { collection, count: total })}
      </p>

      {waitingOffline ? (
        <NotCachedOffline />
      ) : list.isPending && !list.data ? (
        <div className="grid gap-2" aria-hidden>
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="h-12 animate-pulse rounded-md bg-muted" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        isNarrowed(state, spec) ? (
          <EmptyState
            title={t('billing.list.noMatchTitle')}
            action={
              <Button
                variant="outline"
                onClick={() => {
                  setTyped('')
                  go(withoutNarrowing(state, spec))
                }}
              >
                {t('billing.list.clearFilters')}
              </Button>
            }
          >
            {t('billing.list.noMatch', { collection })}
          </EmptyState>
        ) : (
          props.empty
        )
      ) : (
        <>
          <div className="relative hidden overflow-x-auto rounded-lg border border-border md:block">
            <table className="w-full text-sm">
              <caption className="sr-only">
                {t('billing.list.caption', { collection, page: state.page, pages })}
              </caption>
              <thead className="bg-muted/50 text-start">
                <tr>
                  <th scope="col" className="w-10 px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label={t('billing.list.selectAll')}
                      checked={allOnPage}
                      onChange={() =>
                        setSelected(allOnPage ? new Set() : new Set(rows.map((r) => r.id)))
                      }
                    />
                  </th>
                  {columns.map((c) => (
                    <SortHeader
                      key={c.id}
                      column={c}
                      state={state}
                      onSort={(sort) => go(updateListState(state, { sort }))}
                    />
                  ))}
                  <th scope="col" className="w-12 px-3 py-2">
                    <span className="sr-only">{t('billing.list.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr
                    key={r.id}
                    className="cursor-pointer border-t border-border hover:bg-muted/30"
                    onClick={(e) => openRow(e, props.rowHref(r))}
                  >
                    <td className="px-3 py-2 align-top">
                      <input
                        type="checkbox"
                        aria-label={t('billing.list.select', { name: props.rowLabel(r) })}
                        checked={selected.has(r.id)}
                        onChange={() => toggle(r.id)}
                      />
                    </td>
                    {columns.map((c, i) => (
                      <td
                        key={c.id}
                        className={cn(
                          'px-3 py-2 align-top',
                          c.align === 'end' && 'text-end whitespace-nowrap tabular-nums',
                          c.from && shownFrom[c.from],
                          c.className,
                        )}
                      >
                        {i === 0 ? (
                          <>
                            <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                              <Link
                                href={props.rowHref(r)}
                                className="font-medium underline-offset-4 hover:underline"
                              >
                                <bdi>{c.cell(r)}</bdi>
                              </Link>
                              {isPendingRow(r, created, updating) ? <PendingBadge /> : null}
                            </span>
                            <RowDetail row={r} columns={detailColumns} />
                          </>
                        ) : (
                          <bdi>{c.cell(r)}</bdi>
                        )}
                      </td>
                    ))}
                    <td className="px-3 py-1 text-end align-top">{rowMenu(r)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul
            className="grid grid-cols-1 gap-2 md:hidden"
            aria-label={t('billing.list.records', { collection })}
          >
            {rows.map((r) => (
              <li
                key={r.id}
                className="flex cursor-pointer items-start justify-between gap-3 rounded-lg border border-border p-3 hover:bg-muted/30"
                onClick={(e) => openRow(e, props.rowHref(r))}
              >
                <div className="min-w-0">
                  <Link
                    href={props.rowHref(r)}
                    className="font-medium break-words underline-offset-4 hover:underline"
                  >
                    <bdi>{props.rowLabel(r)}</bdi>
                  </Link>
                  {isPendingRow(r, created, updating) ? (
                    <span className="ms-2">
                      <PendingBadge />
                    </span>
                  ) : null}
                  <div className="text-sm break-words text-muted-foreground">
                    {props.cardDetail(r)}
                  </div>
                </div>
                <div className="flex shrink-0 items-start gap-1 text-end text-sm">
                  <div className="whitespace-nowrap tabular-nums">{props.cardAside(r)}</div>
                  {rowMenu(r)}
                </div>
              </li>
            ))}
          </ul>
          <nav
            aria-label={t('billing.list.pagination')}
            className="flex flex-wrap items-center justify-between gap-2 text-sm"
          >
            <span className="text-muted-foreground">
              {total === 0 ? (
                ''
              ) : (
                <bdi>
                  {t('billing.list.range', {
                    first: (state.page - 1) * PAGE_SIZE + 1,
                    last: Math.min(state.page * PAGE_SIZE, total),
                    total,
                  })}
                </bdi>
              )}
            </span>
            <span className="flex flex-wrap items-center gap-2">
              <bdi>{t('billing.list.page', { page: state.page, pages })}</bdi>
              <Button
                variant="outline"
                size="sm"
                disabled={state.page <= 1}
                onClick={() => go(updateListState(state, { page: state.page - 1 }))}
              >
                {t('billing.list.previous')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={state.page >= pages}
                onClick={() => go(updateListState(state, { page: state.page + 1 }))}
              >
                {t('billing.list.next')}
              </Button>
            </span>
          </nav>
        </>
      )}
    </div>
  )
}

/**
 * The texts of the columns hidden at the current width, under the row's label: each one shows
 * below the width its column appears from. Ordered by that width, the visible ones are always the
 * last few, so each but the last carries the separator after it.
 */
function RowDetail<T>({
  row,
  columns,
}: {
  row: T
  columns: Array<Column<T> & { from: ColumnBreakpoint }>
}) {
  const parts = columns
    .map((c) => ({ c, node: c.detail ? c.detail(row) : c.cell(row) }))
    .filter(({ node }) => node !== null && node !== undefined && node !== '' && node !== false)
  if (!parts.length) return null
  return (
    <span
      className={cn(
        'block text-sm font-normal whitespace-normal text-muted-foreground [overflow-wrap:anywhere]',
        hiddenFrom[parts[parts.length - 1]!.c.from],
      )}
    >
      {parts.map(({ c, node }, i) => (
        <span key={c.id} className={hiddenFrom[c.from]}>
          <bdi>{node}</bdi>
          {i < parts.length - 1 ? ' · ' : null}
        </span>
      ))}
    </span>
  )
}

function isPendingRow<T extends AnyRecord>(r: T, created: T[], updating: Set<string>) {
  return updating.has(r.id) || created.some((c) => c.id === r.id)
}

function SortHeader<T>({
  column,
  state,
  onSort,
}: {
  column: Column<T>
  state: ListState
  onSort: (sort: string) => void
}) {
  const key = column.sortKey
  const active = key ? state.sort.replace(/^-/, '') === key : false
  const desc = active && state.sort.startsWith('-')
  const Icon = active ? (desc ? ArrowDown : ArrowUp) : ArrowUpDown
  return (
    <th
      scope="col"
      aria-sort={active ? (desc ? 'descending' : 'ascending') : undefined}
      className={cn(
        'px-3 py-2 font-medium whitespace-nowrap',
        column.align === 'end' ? 'text-end' : 'text-start',
        column.from && shownFrom[column.from],
      )}
    >
      {key ? (
        <button
          type="button"
          className="inline-flex items-center gap-1 hover:text-foreground"
          onClick={() => onSort(toggleSort(state.sort, key))}
        >
          {column.header}
          <Icon className="size-3.5 opacity-60" aria-hidden />
        </button>
      ) : (
        column.header
      )}
    </th>
  )
}
