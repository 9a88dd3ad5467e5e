import { forwardRef, useId, useState, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { PackagePlus } from 'lucide-react'
import { catalogueQuery } from '@/billing/queries'
import {
  fillFromItem,
  itemFromLine,
  matchItems,
  priceIn,
  type LineFill,
  type TypedLine,
} from '@/billing/items'
import { formatMoney } from '@/billing/format'
import { newRecordId } from '@/billing/ids'
import { save, usePendingWrites } from '@/billing/save'
import { writes } from '@/billing/writes'
import type { Item } from '@/billing/types'
import { inputClass } from '@/components/ui/field'
import { Labelled } from '@/components/ui/inputs'
import { Button } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'

/**
 * A line's description, which searches the item catalogue as it is typed (ARIA 1.2 combobox with
 * a list, no option chosen until the arrows move: ↓ and ↑ move, Enter picks, Escape closes).
 * Picking fills the line (fillFromItem) and every value stays editable. The catalogue is the
 * business's active items, fetched once and searched on this device, so it works offline from the
 * cached copy, items saved on this device included.
 */
export const LineDescriptionField = forwardRef<
  HTMLInputElement,
  {
    label: string
    /** The accessible name ("Description of line 2"). */
    ariaLabel?: string
    value: string
    onChange: (value: string) => void
    /** What the picked item puts in the line. */
    onPick: (fill: LineFill) => void
    /** The document's currency: the price filled, and the one the options show. */
    currency: string
    error?: string
    className?: string
  }
>(function LineDescriptionField(
  { label, ariaLabel, value, onChange, onPick, currency, error, className },
  ref,
) {
  const t = useT()
  const id = useId()
  const listId = `${id}-list`
  const [wanted, setWanted] = useState(false)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const catalogue = useQuery({ ...catalogueQuery(), enabled: wanted })
  const pending = usePendingWrites('items')
  const pool: Item[] = [
    ...pending.creates.map((c) => ({ ...(c.body as Partial<Item>), id: c.id }) as Item),
    ...(catalogue.data ?? []),
  ]
  const matches = open ? matchItems(pool, value) : []
  const expanded = matches.length > 0
  const current = expanded && active >= 0 ? matches[active] : undefined

  const pick = (item: Item) => {
    onPick(fillFromItem(item, currency))
    setOpen(false)
    setActive(-1)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      if (!open) {
        setOpen(true)
        setActive(0)
      } else setActive((a) => Math.min(a + 1, matches.length - 1))
    } else if (e.key === 'ArrowUp' && expanded) {
      e.preventDefault()
      setActive((a) => Math.max(a - 1, 0))
    } else if (e.key === 'Enter' && current) {
      // Enter picks the option the arrows chose; without one it does what it always did.
      e.preventDefault()
      pick(current)
    } else if (e.key === 'Escape' && expanded) {
      e.preventDefault()
      e.stopPropagation()
      setOpen(false)
      setActive(-1)
    }
  }

  return (
    <Labelled id={id} label={label} error={error} className={className}>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          role="combobox"
          aria-label={ariaLabel}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={current ? `${listId}-${current.id}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          autoComplete="off"
          dir="auto"
          className={inputClass}
          value={value}
          onChange={(e) => {
            onChange(e.target.value)
            setOpen(true)
            setActive(-1)
          }}
          onFocus={() => setWanted(true)}
          onBlur={() => {
            // Let a click on an option land first.
            setTimeout(() => setOpen(false), 150)
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={t('items.picker.list')}
          hidden={!expanded}
          className="absolute top-full z-30 mt-1 max-h-72 w-full min-w-64 overflow-y-auto rounded-md border border-border bg-background p-1 shadow-md"
        >
          {matches.map((item, i) => {
            const cents = priceIn(item, currency)
            return (
              <li
                key={item.id}
                id={`${listId}-${item.id}`}
                role="option"
                aria-selected={i === active}
                className={cn(
                  'grid cursor-pointer gap-0.5 rounded px-2 py-1.5 text-sm',
                  i === active && 'bg-muted',
                )}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(item)}
              >
                <span className="font-medium [overflow-wrap:anywhere]">
                  <bdi>{item.name}</bdi>
                </span>
                <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                  <bdi>
                    {cents === null
                      ? t('items.picker.noPrice', { currency })
                      : formatMoney(cents, currency)}
                  </bdi>
                  {item.unit ? <> · {t('items.picker.per', { unit: item.unit })}</> : null}
                  {item.sku ? (
                    <>
                      {' · '}
                      <bdi>{item.sku}</bdi>
                    </>
                  ) : null}
                </span>
              </li>
            )
          })}
        </ul>
      </div>
      <p className="sr-only" aria-live="polite">
        {open && value.trim() ? t('items.picker.found', { count: matches.length }) : ''}
      </p>
    </Labelled>
  )
})

/**
 * "Save as item": a typed line becomes an item of the catalogue (itemFromLine), through the write
 * registry like any record, so it is kept while offline too.
 */
export function SaveAsItemButton({
  n,
  line,
  currency,
}: {
  /** The line's number, for the accessible name. */
  n: number
  line: TypedLine
  currency: string
}) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  const body = itemFromLine(line, currency)
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={t('items.picker.saveAria', { n })}
      title={t('items.picker.save')}
      disabled={!body || busy}
      onClick={async () => {
        if (!body) return
        setBusy(true)
        const r = await save(writes.recordCreate, {
          collection: 'items',
          id: newRecordId(),
          body: { ...body },
          label: t('items.form.newLabel', { name: body.name }),
        }).finally(() => setBusy(false))
        if (!r.ok) notify('error', r.message)
        else if (!r.queued) notify('success', t('items.picker.saved', { name: body.name }))
      }}
    >
      <PackagePlus className="size-4" aria-hidden />
    </Button>
  )
}
