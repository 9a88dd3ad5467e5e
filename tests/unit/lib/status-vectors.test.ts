import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  deriveInvoiceStatus,
  invoiceActions,
  quoteActions,
  type InvoiceAction,
  type QuoteAction,
} from '@/billing/status'
import type { InvoiceStatus, QuoteStatus } from '@/billing/types'

/** The status rules' cases, shared with the server's Go tests (decide_status_vectors_test.go). */
interface Vectors {
  derive_invoice_status: Array<{
    name: string
    status: InvoiceStatus
    paid_cents: number
    total_cents: number
    viewed_before: boolean
    expected: InvoiceStatus
  }>
  moves: Array<{
    name: string
    kind: 'quote' | 'invoice'
    from: string
    to: string
    lines: number
    total_cents: number
    paid_cents: number
    expired: boolean
    void_reason: string
    expected: string | null
    code: string
  }>
}
const vectors = JSON.parse(
  readFileSync(new URL('../../vectors/status.json', import.meta.url), 'utf8'),
) as Vectors

describe('invoice status from its payments (twin of deriveInvoiceStatus)', () => {
  it.each(vectors.derive_invoice_status.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(deriveInvoiceStatus(c)).toBe(c.expected)
  })
})

/** The record page's buttons that ask the server for a status. */
const quoteActionTo: Partial<Record<string, QuoteAction>> = {
  sent: 'markSent',
  accepted: 'accept',
  rejected: 'reject',
  draft: 'revise',
}
const invoiceActionTo: Partial<Record<string, InvoiceAction>> = { sent: 'markSent', void: 'void' }

// Lines and a void reason are checked by the editor and the void dialog, not by the buttons.
const checkedByForms = new Set(['folio_send_needs_lines', 'folio_void_needs_reason'])

const today = '2026-03-15'
const actionFor = (m: Vectors['moves'][number]) =>
  m.kind === 'quote' ? quoteActionTo[m.to] : invoiceActionTo[m.to]
// Viewed, converted, partial and paid are set by the server (the link, Convert, payments).
const moves = vectors.moves.filter(
  (m) => m.from !== m.to && !checkedByForms.has(m.code) && actionFor(m),
)

describe('the buttons a status shows are the moves the server accepts', () => {
  it('the shared file covers both kinds and refusals', () => {
    expect(moves.some((m) => m.kind === 'quote' && m.expected === null)).toBe(true)
    expect(moves.some((m) => m.kind === 'invoice' && m.expected !== null)).toBe(true)
  })

  it.each(moves.map((m) => [m.name, m] as const))('%s', (_, m) => {
    const offered: string[] =
      m.kind === 'quote'
        ? quoteActions(
            { status: m.from as QuoteStatus, expiry_date: m.expired ? '2026-03-01' : '2026-04-30' },
            today,
          )
        : invoiceActions({
            status: m.from as InvoiceStatus,
            paid_cents: m.paid_cents,
            balance_cents: m.total_cents - m.paid_cents,
          })
    expect(offered.includes(actionFor(m) ?? '')).toBe(m.expected !== null)
  })
})
