/**
 * The EPC QR code of an invoice as modules (uqr encodes it): loaded only for a document that
 * shows one (./payment-code `paysByQr`).
 */
import { encode } from 'uqr'
import { darkRuns, epcQrPayload, paysByQr } from './payment-code'
import type { PrintableDocument } from './printable'

/**
 * The modules of a QR code for `text` (UTF-8, byte mode), error correction level M as EPC069-12
 * requires, without the quiet zone: `true` is dark. Rows first: matrix[y][x].
 */
export function qrMatrix(text: string): boolean[][] {
  return encode(text, { ecc: 'M', boostEcc: false, border: 0 }).data
}

/**
 * An SVG path `d` that draws the dark modules of `matrix` as unit squares (one subpath per run
 * of dark modules in a row), offset by `margin` modules: use it with
 * viewBox="0 0 {n + 2·margin} {n + 2·margin}" and shape-rendering="crispEdges".
 */
export function qrSvgPath(matrix: readonly (readonly boolean[])[], margin = 0): string {
  const parts = darkRuns(matrix).map(
    (r) => `M${r.start + margin} ${r.row + margin}h${r.length}v1h-${r.length}z`,
  )
  return parts.join('')
}

/** The EPC ("GiroCode") payload for an invoice a banking app can pay, or null when none applies. */
export function paymentQr(doc: PrintableDocument): boolean[][] | null {
  if (!paysByQr(doc)) return null
  try {
    return qrMatrix(
      epcQrPayload({
        bic: doc.payment.bic,
        name: doc.payment.holder,
        iban: doc.payment.iban,
        amountCents: doc.balance_cents,
        currency: doc.currency,
        reference: doc.payment.reference,
      }),
    )
  } catch {
    // A payload the standard refuses (e.g. a name too long): the instructions still show.
    return null
  }
}
