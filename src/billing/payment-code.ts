/**
 * Bank details and the EPC QR code ("Girocode", EPC069-12) that pays an invoice by SEPA credit
 * transfer: IBAN and BIC checks and the QR payload (its module matrix is in ./payment-qr, which
 * loads the QR encoder). No SDK; its refusals are sentences in the interface's language.
 */
import { t } from '@/lib/i18n'
import type { PrintableDocument } from './printable'

/**
 * IBAN length per country, from the SWIFT IBAN registry (ISO 13616): every SEPA country and the
 * other registered ones. A country that is not here has no IBAN, so its "IBAN" is refused.
 */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HN: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
}

/** An IBAN as typed or printed ("de89 3704 0044-0532 0130 00") in its electronic form. */
export function normalizeIban(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase()
}

/** ISO 13616: a registered country, that country's length, and the mod-97 check equal to 1. */
export function isValidIban(input: string): boolean {
  const iban = normalizeIban(input)
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{1,30}$/.test(iban)) return false
  if (IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false
  // Country and check digits go to the end; letters become 10..35; the number mod 97 must be 1.
  // Folded a few digits at a time, so it never leaves the safe integer range.
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let rest = 0
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0)
    const value = code >= 65 ? code - 55 : code - 48
    rest = (rest * (value >= 10 ? 100 : 10) + value) % 97
  }
  return rest === 1
}

/** The print form: groups of four ("DE89 3704 0044 0532 0130 00"). */
export function formatIban(input: string): string {
  return normalizeIban(input).replace(/(.{4})(?=.)/g, '$1 ')
}

/**
 * ISO 9362: four letters for the institution, two for the country, two letters or digits for
 * the location, and an optional three for the branch (8 or 11 characters).
 */
export function isValidBic(input: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/.test(
    input.replace(/\s+/g, '').toUpperCase(),
  )
}

export interface EpcPayment {
  /** Optional in version 002 (payer and payee in the EEA): "" leaves the line empty. */
  bic: string
  /** The beneficiary, at most 70 characters. */
  name: string
  iban: string
  /** 0 leaves the amount empty (the payer types it); otherwise 1 to 99 999 999 999. */
  amountCents: number
  /** Only EUR: an EPC QR code is a SEPA credit transfer. */
  currency: string
  /** The unstructured remittance information (the document number), at most 140 characters. */
  reference: string
  /** Added to the remittance after the reference; the two together stay within 140 characters. */
  text?: string
  /** An ISO 20022 purpose code (four letters, e.g. "CHAR"); empty by default. */
  purpose?: string
  /** Beneficiary-to-originator information shown to the payer, at most 70 characters. */
  info?: string
}

/** EPC069-12: the whole payload may not exceed 331 bytes (a version 13 QR code at level M). */
export const EPC_MAX_BYTES = 331

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim()
const chars = (s: string): number => [...s].length

/** Each row's runs of dark modules in a QR code (rows first), as the SVG and the PDF draw them. */
export function darkRuns(
  matrix: readonly (readonly boolean[])[],
): Array<{ row: number; start: number; length: number }> {
  const runs: Array<{ row: number; start: number; length: number }> = []
  matrix.forEach((modules, row) => {
    let x = 0
    while (x < modules.length) {
      if (!modules[x]) {
        x++
        continue
      }
      const start = x
      while (x < modules.length && modules[x]) x++
      runs.push({ row, start, length: x - start })
    }
  })
  return runs
}

/**
 * The text of an EPC QR code, version 002, UTF-8, SEPA credit transfer: one element a line,
 * joined by "\n"; trailing empty elements are left out, as the guidelines ask ("the last
 * populated element is not followed by a separator"). Throws a RangeError on anything a bank app
 * would refuse: another currency, a bad IBAN or BIC, a name or remittance over its length.
 */
export function epcQrPayload(p: EpcPayment): string {
  if (p.currency.toUpperCase() !== 'EUR') {
    throw new RangeError(t('billing.epc.euroOnly', { currency: p.currency }))
  }
  const iban = normalizeIban(p.iban)
  if (!isValidIban(iban)) throw new RangeError(t('billing.epc.iban'))
  const bic = p.bic.replace(/\s+/g, '').toUpperCase()
  if (bic && !isValidBic(bic)) throw new RangeError(t('billing.epc.bic'))
  const name = oneLine(p.name)
  if (!name) throw new RangeError(t('billing.epc.nameRequired'))
  if (chars(name) > 70) throw new RangeError(t('billing.epc.nameLong', { max: 70 }))
  if (!Number.isSafeInteger(p.amountCents) || p.amountCents < 0 || p.amountCents > 99_999_999_999) {
    throw new RangeError(t('billing.epc.amount'))
  }
  const amount =
    p.amountCents === 0
      ? ''
      : `EUR${Math.floor(p.amountCents / 100)}.${String(p.amountCents % 100).padStart(2, '0')}`
  const purpose = oneLine(p.purpose ?? '').toUpperCase()
  if (purpose && !/^[A-Z]{4}$/.test(purpose)) {
    throw new RangeError(t('billing.epc.purpose'))
  }
  const remittance = oneLine([p.reference, p.text ?? ''].filter(Boolean).join(' '))
  if (chars(remittance) > 140) {
    throw new RangeError(t('billing.epc.remittance', { max: 140 }))
  }
  const info = oneLine(p.info ?? '')
  if (chars(info) > 70) throw new RangeError(t('billing.epc.info', { max: 70 }))

  const lines = ['BCD', '002', '1', 'SCT', bic, name, iban, amount, purpose, '', remittance, info]
  while (lines.at(-1) === '') lines.pop()
  const payload = lines.join('\n')
  if (new TextEncoder().encode(payload).length > EPC_MAX_BYTES) {
    throw new RangeError(t('billing.epc.payload', { max: EPC_MAX_BYTES }))
  }
  return payload
}

/** Whether a document shows an EPC QR code: an unpaid balance in euros, to bank details. */
export const paysByQr = (
  doc: PrintableDocument,
): doc is PrintableDocument & { payment: NonNullable<PrintableDocument['payment']> } =>
  !!doc.payment && doc.currency === 'EUR' && doc.balance_cents > 0 && doc.status !== 'paid'
