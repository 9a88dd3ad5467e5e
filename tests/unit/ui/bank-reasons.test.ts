// The bank screen's words for the server's decisions: states, reasons, and which invoice a
// one-click confirm pays.
import { describe, expect, it } from 'vitest'
import { t } from '@/lib/i18n'
import { confirmTarget, reasonsText, stateView } from '@/features/bank/reasons'
import { listFilter, listSpecs, parseListState } from '@/billing/list-state'

describe('bank reasons', () => {
  it('says each known reason, in order, and leaves unknown codes out', () => {
    expect(reasonsText(['number_in_remittance', 'amount_equals_balance', 'new_code'], t)).toBe(
      'invoice number in the reference text · amount equals the balance due',
    )
    expect(reasonsText(null, t)).toBe('')
  })

  it('calls money going out outgoing, not unmatched', () => {
    expect(t(stateView({ state: 'unmatched', credit: false }).label)).toBe('Outgoing')
    expect(t(stateView({ state: 'unmatched', credit: true }).label)).toBe('Unmatched')
    expect(t(stateView({ state: 'certain', credit: true }).label)).toBe('Ready to confirm')
  })

  it('confirms in one click only a certain match or a single candidate', () => {
    const c = (invoice: string) => ({ invoice, number: 'INV-1', reasons: [] })
    expect(
      confirmTarget({ state: 'certain', credit: true, invoice: 'a', candidates: [c('a')] }),
    ).toBe('a')
    expect(
      confirmTarget({ state: 'suggested', credit: true, invoice: '', candidates: [c('b')] }),
    ).toBe('b')
    expect(
      confirmTarget({
        state: 'suggested',
        credit: true,
        invoice: '',
        candidates: [c('a'), c('b')],
      }),
    ).toBeNull()
    expect(
      confirmTarget({ state: 'matched', credit: true, invoice: 'a', candidates: [] }),
    ).toBeNull()
    expect(
      confirmTarget({ state: 'certain', credit: false, invoice: 'a', candidates: [] }),
    ).toBeNull()
  })

  it('filters the transactions by state and searches the payer and the text', () => {
    const spec = listSpecs.bank_transactions
    const state = parseListState('?status=suggested&q=acme', spec)
    const f = listFilter(spec, state)
    expect(f.expr).toContain('state = {:status}')
    expect(f.expr).toContain('counterparty ~ {:q}')
    expect(f.expr).toContain('remittance ~ {:q}')
    expect(f.params).toMatchObject({ status: 'suggested', q: 'acme' })
    expect(listFilter(spec, parseListState('', spec)).expr).toBe('')
  })
})
