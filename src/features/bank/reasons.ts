import type { BadgeTone } from '@/components/ui/badge'
import type { BankState, BankTransaction } from '@/billing/types'
import type { MessageKey, Translate } from '@/lib/i18n'

/** The server's reason codes (server/internal/bank/decide_match.go), as words. */
const REASONS: Record<string, MessageKey> = {
  number_in_reference: 'bank.reason.number_in_reference',
  number_in_remittance: 'bank.reason.number_in_remittance',
  amount_equals_balance: 'bank.reason.amount_equals_balance',
  amount_below_balance: 'bank.reason.amount_below_balance',
  amount_above_balance: 'bank.reason.amount_above_balance',
  payer_name: 'bank.reason.payer_name',
  currency_differs: 'bank.reason.currency_differs',
  several_invoices: 'bank.reason.several_invoices',
  outgoing: 'bank.reason.outgoing',
  nothing_found: 'bank.reason.nothing_found',
}

/** Why, in words: the known codes, in order ("" for none; an unknown code is left out). */
export function reasonsText(codes: readonly string[] | null | undefined, t: Translate): string {
  return (codes ?? [])
    .map((c) => REASONS[c])
    .filter((k): k is MessageKey => k !== undefined)
    .map((k) => t(k))
    .join(' · ')
}

const STATES: Record<BankState, { label: MessageKey; tone: BadgeTone }> = {
  certain: { label: 'bank.state.certain', tone: 'info' },
  suggested: { label: 'bank.state.suggested', tone: 'warning' },
  unmatched: { label: 'bank.state.unmatched', tone: 'neutral' },
  matched: { label: 'bank.state.matched', tone: 'success' },
  ignored: { label: 'bank.state.ignored', tone: 'muted' },
}

/** A state's word and colour; money going out reads as such rather than "unmatched". */
export function stateView(tx: Pick<BankTransaction, 'state' | 'credit'>): {
  label: MessageKey
  tone: BadgeTone
} {
  if (!tx.credit && tx.state === 'unmatched') return { label: 'bank.state.outgoing', tone: 'muted' }
  return STATES[tx.state] ?? STATES.unmatched
}

/** The invoice a one-click confirm records the payment against, or null when a choice is needed. */
export function confirmTarget(
  tx: Pick<BankTransaction, 'state' | 'credit' | 'invoice' | 'candidates'>,
): string | null {
  if (!tx.credit || tx.state === 'matched' || tx.state === 'ignored') return null
  if (tx.state === 'certain' && tx.invoice) return tx.invoice
  const c = tx.candidates ?? []
  return tx.state === 'suggested' && c.length === 1 ? (c[0]?.invoice ?? null) : null
}
