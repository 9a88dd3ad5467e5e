import { useMemo, useState, type ReactNode } from 'react'
import * as RadixDialog from '@radix-ui/react-dialog'
import { Command } from 'cmdk'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import { FileText, LayoutGrid, Search, User } from 'lucide-react'
import { recordPaths } from '@/config/paths'
import { invoiceDisplayStatus, quoteDisplayStatus, statusLabel } from '@/billing/status'
import type { Invoice, Quote } from '@/billing/types'
import { useDebounced } from '@/lib/use-debounced'
import { useOnline } from '@/lib/use-online'
import { useT } from '@/lib/i18n'
import { jumpTargets } from '../routes'
import { emptyHits, narrowHits, paletteSearchQuery, searchCached } from './search'
import { matchPages, offeredTo } from './pages'
import { useRole } from '@/lib/roles'

const SEARCH_DELAY_MS = 200

/**
 * The command palette (Ctrl+K / ⌘K): pages of the route table, and customers, invoices and quotes
 * from the server (the cached copies offline). Arrows move, Enter opens, Escape closes and focus
 * goes back to where it was.
 */
export default function CommandPalette({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Where focus goes when the palette closes (what had it when the palette opened). */
  returnFocus: () => HTMLElement | null
}) {
  const t = useT()
  const [, navigate] = useLocation()
  const [query, setQuery] = useState('')
  const q = useDebounced(query.trim(), SEARCH_DELAY_MS)
  const online = useOnline()
  const client = useQueryClient()
  const remote = useQuery({ ...paletteSearchQuery(q), enabled: online && q.length > 0 })
  const hits = useMemo(() => {
    if (!q) return emptyHits
    if (!online) return searchCached(client, q)
    if (!remote.data) return emptyHits
    // While the server answers the new text, the answer to the earlier one, narrowed to it.
    return remote.isPlaceholderData ? narrowHits(remote.data, q) : remote.data
  }, [q, online, remote.data, remote.isPlaceholderData, client])
  // "New invoice" and the like are not offered to a role that can't write (or in a closed business).
  const writer = useRole().can('write')
  const { pages, first: pagesFirst } = matchPages(
    offeredTo(jumpTargets, writer).map((p) => ({
      href: p.href,
      label: t(p.key),
      area: p.area && t(p.area),
    })),
    query,
  )
  const searching = online && q !== query.trim() ? true : online && remote.isFetching
  const total = pages.length + hits.customers.length + hits.invoices.length + hits.quotes.length
  const status = searching
    ? t('palette.searching')
    : remote.isError && online
      ? t('palette.failed')
      : total === 0
        ? t('palette.empty', { query: query.trim() })
        : !online && q
          ? t('palette.offline')
          : ''

  const go = (href: string) => {
    onOpenChange(false)
    setQuery('')
    navigate(href)
  }
  const docLabel = (d: Invoice | Quote, kind: 'invoices' | 'quotes') =>
    d.number ||
    (kind === 'invoices' ? t('documents.invoices.draftInvoice') : t('documents.quotes.draftQuote'))

  const pageGroup = pages.length ? (
    <Group heading={t('palette.group.pages')}>
      {pages.map((p) => (
        <Item
          key={p.href}
          value={`page-${p.href}`}
          icon={<LayoutGrid className="size-4" aria-hidden />}
          onSelect={() => go(p.href)}
          title={p.label}
          detail={p.area}
        />
      ))}
    </Group>
  ) : null

  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o) setQuery('')
        onOpenChange(o)
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            const el = returnFocus()
            if (el?.isConnected) {
              e.preventDefault()
              el.focus()
            }
          }}
          className="fixed inset-x-2 top-[8svh] z-50 mx-auto max-w-xl overflow-hidden rounded-xl border border-border bg-background shadow-lg"
        >
          <RadixDialog.Title className="sr-only">{t('palette.title')}</RadixDialog.Title>
          <Command label={t('palette.input')} shouldFilter={false} loop vimBindings={false}>
            <div className="flex items-center gap-2 border-b border-border px-3">
              <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <Command.Input
                value={query}
                onValueChange={setQuery}
                placeholder={t('palette.placeholder')}
                className="h-12 w-full min-w-0 bg-transparent text-sm outline-none"
              />
            </div>
            <p role="status" className="px-4 pt-2 text-xs text-muted-foreground empty:hidden">
              {status}
            </p>
            <Command.List
              label={t('palette.results')}
              className="max-h-[min(60svh,28rem)] overflow-y-auto overscroll-contain p-2"
            >
              {pagesFirst ? pageGroup : null}
              {hits.customers.length ? (
                <Group heading={t('palette.group.customers')}>
                  {hits.customers.map((c) => (
                    <Item
                      key={c.id}
                      value={`customer-${c.id}`}
                      icon={<User className="size-4" aria-hidden />}
                      onSelect={() => go(recordPaths.customer(c.id))}
                      title={c.name}
                      detail={c.email || c.contact_name}
                    />
                  ))}
                </Group>
              ) : null}
              {hits.invoices.length ? (
                <Group heading={t('palette.group.invoices')}>
                  {hits.invoices.map((d) => (
                    <Item
                      key={d.id}
                      value={`invoice-${d.id}`}
                      icon={<FileText className="size-4" aria-hidden />}
                      onSelect={() => go(recordPaths.invoice(d.id))}
                      title={docLabel(d, 'invoices')}
                      detail={d.expand?.customer?.name}
                      aside={statusLabel(invoiceDisplayStatus(d), t)}
                    />
                  ))}
                </Group>
              ) : null}
              {hits.quotes.length ? (
                <Group heading={t('palette.group.quotes')}>
                  {hits.quotes.map((d) => (
                    <Item
                      key={d.id}
                      value={`quote-${d.id}`}
                      icon={<FileText className="size-4" aria-hidden />}
                      onSelect={() => go(recordPaths.quote(d.id))}
                      title={docLabel(d, 'quotes')}
                      detail={d.expand?.customer?.name}
                      aside={statusLabel(quoteDisplayStatus(d), t)}
                    />
                  ))}
                </Group>
              ) : null}
              {pagesFirst ? null : pageGroup}
            </Command.List>
            <p className="hidden border-t border-border px-4 py-2 text-xs text-muted-foreground sm:block">
              {t('palette.hint')}
            </p>
          </Command>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

function Group({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Command.Group
      heading={heading}
      className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground"
    >
      {children}
    </Command.Group>
  )
}

function Item({
  value,
  icon,
  title,
  detail,
  aside,
  onSelect,
}: {
  value: string
  icon: ReactNode
  title: string
  detail?: string
  aside?: string
  onSelect: () => void
}) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm data-[selected=true]:bg-muted"
    >
      <span className="shrink-0 text-muted-foreground">{icon}</span>
      <span className="grid min-w-0 flex-1">
        <bdi className="[overflow-wrap:anywhere]">{title}</bdi>
        {detail ? (
          <bdi className="text-xs [overflow-wrap:anywhere] text-muted-foreground">{detail}</bdi>
        ) : null}
      </span>
      {aside ? <span className="shrink-0 text-xs text-muted-foreground">{aside}</span> : null}
    </Command.Item>
  )
}
