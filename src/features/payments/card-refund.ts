import { loadPb } from '@/lib/pocketbase/instance'

/**
 * Refunds through Stripe what is left of a card payment (server/internal/card/route_refund.go).
 * Online only: money leaves at once, so it is never queued for later.
 */
export async function refundCardPayment(id: string): Promise<void> {
  await (
    await loadPb()
  ).send(`/api/folio/payments/${encodeURIComponent(id)}/card-refund`, {
    method: 'POST',
    body: {},
  })
}
