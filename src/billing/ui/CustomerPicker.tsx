import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { customerSearchQuery, recordQuery } from '@/billing/queries'
import { useDebounced } from '@/lib/use-debounced'
import type { Customer } from '@/billing/types'
import { inputClass } from '@/components/ui/field'
import { cn } from '@/components/ui/cn'
import { getIntlLocale, useT } from '@/lib/i18n'

/**
 * A combobox over the account's customers, searched on the server as the user types (ARIA 1.2
 * combobox pattern: arrows move, Enter picks, Escape closes).
 */
export function CustomerPicker({
  label,
  value,
  onChange,
  error,
  disabled,
  hideLabel,
  allowClear,
  placeholder,
}: {
  label: string
  value: string
  onChange: (customer: Customer | null) => void
  error?: string | null
  disabled?: boolean
  hideLabel?: boolean
  allowClear?: boolean
  /** Default: "Search customers…". */
  placeholder?: string
}) {
  const t = useT()
  const id = useId()
  const listId = `${id}-list`
  const selected = useQuery({ ...recordQuery<Customer>('customers', value), enabled: !!value })
  const [text, setText] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const query = useDebounced(text ?? '', 250)
  const results = useQuery({ ...customerSearchQuery(query), enabled: open })
  const qc = useQueryClient()
  // Offline, the search can't reach the server: look through the customers this device has seen.
  const offline = results.fetchStatus === 'paused' || (results.isError && !results.data)
  const items = offline ? cachedCustomers(qc, query) : (results.data ?? [])
  const inputRef = useRef<HTMLInputElement>(null)
  const shown = text ?? (value ? (selected.data?.name ?? '') : '')

  const pick = (c: Customer | null) => {
    onChange(c)
    setText(null)
    setOpen(false)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      setOpen(true)
      setActive((a) => Math.min(a + 1, items.length - 1))
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setActive((a) => Math.max(a - 1, 0))
    } else if (e.key === 'Enter' && open) {
      e.preventDefault()
      const c = items[active]
      if (c) pick(c)
    } else if (e.key === 'Escape' && open) {
      e.preventDefault()
      setOpen(false)
      setText(null)
    }
  }

  return (
    <div className="relative grid gap-1.5">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={
            open && items[active] ? `${listId}-${items[active].id}` : undefined
          }
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoComplete="off"
          dir="auto"
          disabled={disabled}
          placeholder={placeholder ?? t('billing.customerPicker.placeholder')}
          className={cn(inputClass, allowClear && value ? 'pe-16' : undefined)}
          value={shown}
          onChange={(e) => {
            setText(e.target.value)
            setOpen(true)
            setActive(0)
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            // Let a click on an option land first.
            setTimeout(() => {
              setOpen(false)
              setText(null)
            }, 150)
          }}
          onKeyDown={onKeyDown}
        />
        {allowClear && value ? (
          <button
            type="button"
            className="absolute inset-y-0 end-2 my-auto h-7 rounded px-2 text-xs hover:bg-muted"
            onClick={() => pick(null)}
          >
            {t('billing.customerPicker.clear')}
          </button>
        ) : null}
      </div>
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute top-full z-30 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-border bg-background p-1 shadow-md"
        >
          {items.length === 0 ? (
            <li
              role="option"
              aria-selected={false}
              aria-disabled
              className="px-2 py-1.5 text-sm text-muted-foreground"
            >
              {results.isFetching
                ? t('billing.customerPicker.searching')
                : t('billing.customerPicker.none')}
            </li>
          ) : (
            items.map((c, i) => (
              <li
                key={c.id}
                id={`${listId}-${c.id}`}
                role="option"
                aria-selected={c.id === value}
                className={cn(
                  'cursor-pointer rounded px-2 py-1.5 text-sm',
                  i === active && 'bg-muted',
                )}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(c)}
              >
                <span className="font-medium [overflow-wrap:anywhere]">{c.name}</span>
                <span className="ms-2 text-xs text-muted-foreground [overflow-wrap:anywhere]">
                  {c.email ? <bdi>{c.email}</bdi> : null}
                  {c.email && c.currency ? ' · ' : null}
                  {c.currency ? <bdi>{c.currency}</bdi> : null}
                </span>
              </li>
            ))
          )}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** Customers in the local cache (lists, pages, records, ones made offline) matching a search. */
export function cachedCustomers(qc: QueryClient, q: string): Customer[] {
  const found = new Map<string, Customer>()
  const add = (c: unknown) => {
    const r = c as Partial<Customer> | null
    if (r && typeof r.id === 'string' && typeof r.name === 'string' && !r.archived)
      found.set(r.id, r as Customer)
  }
  for (const [, data] of qc.getQueriesData({ queryKey: ['records', 'customers'] })) {
    if (Array.isArray(data)) data.forEach(add)
    else if (data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items))
      (data as { items: unknown[] }).items.forEach(add)
    else add(data)
  }
  const needle = q.trim().toLowerCase()
  return [...found.values()]
    .filter(
      (c) =>
        !needle ||
        `${c.name} ${c.email ?? ''} ${c.contact_name ?? ''}`.toLowerCase().includes(needle),
    )
    .sort((a, b) => a.name.localeCompare(b.name, getIntlLocale()))
    .slice(0, 20)
}
