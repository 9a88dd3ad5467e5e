import { describe, expect, it } from 'vitest'
import {
  EPC_MAX_BYTES,
  epcQrPayload,
  formatIban,
  isValidBic,
  isValidIban,
  normalizeIban,
  type EpcPayment,
} from '@/billing/payment-code'
import { qrMatrix, qrSvgPath } from '@/billing/payment-qr'

/** EPC069-12's example: €1 to the Belgian Red Cross for its urgency fund. */
const redCross: EpcPayment = {
  bic: 'BPOTBEB1',
  name: 'Red Cross of Belgium',
  iban: 'BE72000000001616',
  amountCents: 100,
  currency: 'EUR',
  reference: 'Urgency fund',
  purpose: 'CHAR',
  info: 'Sample EPC QR code',
}

/** One test per [value, reason] row: `check` refuses the value. */
function itRejects(check: (value: string) => boolean, cases: [string, string][]) {
  it.each(cases)('%s is invalid (%s)', (value) => {
    expect(check(value)).toBe(false)
  })
}

describe('IBAN', () => {
  it.each([
    ['BE72000000001616', 'the EPC069-12 example'],
    ['DE89370400440532013000', 'Germany'],
    ['GB82WEST12345698765432', 'United Kingdom, letters in the BBAN'],
    ['FR1420041010050500013M02606', 'France, a letter inside the account number'],
    ['NL91ABNA0417164300', 'Netherlands'],
    ['CH9300762011623852957', 'Switzerland'],
    ['NO9386011117947', 'Norway, the shortest (15)'],
    ['MT84MALT011000012345MTLCAST001S', 'Malta, 31'],
    ['de89 3704 0044 0532 0130 00', 'lowercase with the print spaces'],
    [' DE89-3704-0044-0532-0130-00 ', 'hyphens and surrounding blanks'],
  ])('%s is valid (%s)', (iban) => {
    expect(isValidIban(iban)).toBe(true)
  })

  itRejects(isValidIban, [
    ['DE88370400440532013000', 'wrong check digits'],
    ['BE72000000001617', 'one digit changed: mod 97 is not 1'],
    ['GB82WEST12345698765423', 'two digits swapped'],
    ['DE8937040044053201300', 'one character short for DE (22)'],
    ['DE893704004405320130000', 'one character long for DE'],
    ['BE7200000000161', 'short for BE (16)'],
    ['XX89370400440532013000', 'not a registered country'],
    ['US64SVBKUS6S3300958879', 'the US has no IBAN'],
    ['DE89 3704 0044 0532 0130 0O', 'the letter O for a zero'],
    ['DEAB370400440532013000', 'letters as check digits'],
    ['DE89_370400440532013000', 'punctuation'],
    ['', 'empty'],
  ])

  it('normalises to the electronic form and prints in groups of four', () => {
    expect(normalizeIban(' de89 3704-0044 0532 0130 00 ')).toBe('DE89370400440532013000')
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00')
    expect(formatIban('be72000000001616')).toBe('BE72 0000 0000 1616')
    expect(formatIban('FR14 2004 1010 0505 0001 3M02 606')).toBe(
      'FR14 2004 1010 0505 0001 3M02 606',
    )
    expect(formatIban('GB82WEST12345698765432')).toBe('GB82 WEST 1234 5698 7654 32')
  })
})

describe('BIC', () => {
  it.each(['BPOTBEB1', 'COBADEFFXXX', 'DEUTDEFF', 'DEUTDEFF500', 'NWBKGB2L', 'cobadeffxxx'])(
    '%s is valid',
    (bic) => {
      expect(isValidBic(bic)).toBe(true)
    },
  )

  itRejects(isValidBic, [
    ['COBADEFFXX', '10 characters'],
    ['COBADEFFXXXX', '12 characters'],
    ['COBADEF', '7 characters'],
    ['C0BADEFF', 'a digit in the institution code'],
    ['COBAD3FF', 'a digit in the country code'],
    ['COBADE-F', 'punctuation'],
    ['', 'empty'],
  ])
})

describe('EPC QR payload (EPC069-12, version 002)', () => {
  it("reproduces the standard's example, line by line", () => {
    const lines = epcQrPayload(redCross).split('\n')
    expect(lines).toHaveLength(12)
    expect(lines[0]).toBe('BCD') // service tag
    expect(lines[1]).toBe('002') // version
    expect(lines[2]).toBe('1') // character set: UTF-8
    expect(lines[3]).toBe('SCT') // identification: SEPA credit transfer
    expect(lines[4]).toBe('BPOTBEB1') // BIC of the beneficiary bank
    expect(lines[5]).toBe('Red Cross of Belgium') // beneficiary name
    expect(lines[6]).toBe('BE72000000001616') // beneficiary account
    // The example writes "EUR1"; the amount field allows up to two decimals and this module
    // always writes two, so the same euro reads "EUR1.00".
    expect(lines[7]).toBe('EUR1.00')
    expect(Number(lines[7]?.slice(3))).toBe(Number('1'))
    expect(lines[8]).toBe('CHAR') // purpose
    expect(lines[9]).toBe('') // structured (RF) reference: none, the remittance is unstructured
    expect(lines[10]).toBe('Urgency fund') // unstructured remittance information
    expect(lines[11]).toBe('Sample EPC QR code') // beneficiary to originator information
    expect(epcQrPayload(redCross)).toBe(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        'BPOTBEB1',
        'Red Cross of Belgium',
        'BE72000000001616',
        'EUR1.00',
        'CHAR',
        '',
        'Urgency fund',
        'Sample EPC QR code',
      ].join('\n'),
    )
  })

  it('by default leaves purpose, structured reference and information empty, with no trailing separator', () => {
    const payload = epcQrPayload({
      bic: 'COBADEFFXXX',
      name: 'Atelier Lumière GmbH',
      iban: 'de89 3704 0044 0532 0130 00',
      amountCents: 1230,
      currency: 'EUR',
      reference: 'INV-00042',
    })
    expect(payload).toBe(
      [
        'BCD',
        '002',
        '1',
        'SCT',
        'COBADEFFXXX',
        'Atelier Lumière GmbH',
        'DE89370400440532013000',
        'EUR12.30',
        '',
        '',
        'INV-00042',
      ].join('\n'),
    )
    expect(payload.endsWith('\n')).toBe(false)
  })

  it('leaves the BIC empty when not given (optional in 002) and the amount empty for 0', () => {
    const lines = epcQrPayload({ ...redCross, bic: '', amountCents: 0 }).split('\n')
    expect(lines[4]).toBe('')
    expect(lines[7]).toBe('')
    expect(epcQrPayload({ ...redCross, amountCents: 99_999_999_999 }).split('\n')[7]).toBe(
      'EUR999999999.99',
    )
    expect(epcQrPayload({ ...redCross, amountCents: 5 }).split('\n')[7]).toBe('EUR0.05')
  })

  it('puts the text after the reference in the remittance', () => {
    const lines = epcQrPayload({ ...redCross, text: 'thank you' }).split('\n')
    expect(lines[10]).toBe('Urgency fund thank you')
  })

  it('refuses what a bank app would refuse', () => {
    expect(() => epcQrPayload({ ...redCross, currency: 'USD' })).toThrow(/euro only/)
    expect(() => epcQrPayload({ ...redCross, currency: 'CHF' })).toThrow(RangeError)
    expect(() => epcQrPayload({ ...redCross, name: 'N'.repeat(71) })).toThrow(/70 characters/)
    expect(epcQrPayload({ ...redCross, name: 'N'.repeat(70) }).split('\n')[5]).toHaveLength(70)
    expect(() => epcQrPayload({ ...redCross, name: '  ' })).toThrow(/name is required/)
    expect(() => epcQrPayload({ ...redCross, iban: 'BE72000000001617' })).toThrow(/IBAN/)
    expect(() => epcQrPayload({ ...redCross, bic: 'BPOTBE' })).toThrow(/BIC/)
    expect(() => epcQrPayload({ ...redCross, reference: 'R'.repeat(141) })).toThrow(/140/)
    expect(() => epcQrPayload({ ...redCross, info: 'I'.repeat(71) })).toThrow(/70/)
    expect(() => epcQrPayload({ ...redCross, purpose: 'CHARITY' })).toThrow(/purpose/)
    expect(() => epcQrPayload({ ...redCross, amountCents: -1 })).toThrow(/amount/)
    expect(() => epcQrPayload({ ...redCross, amountCents: 100_000_000_000 })).toThrow(/amount/)
    expect(() => epcQrPayload({ ...redCross, amountCents: 1.5 })).toThrow(/amount/)
  })

  it(`keeps the whole payload within ${EPC_MAX_BYTES} bytes of UTF-8`, () => {
    // Every field at its length limit in two-byte characters is far over 331 bytes.
    expect(() =>
      epcQrPayload({ ...redCross, name: 'Ü'.repeat(70), reference: 'é'.repeat(140) }),
    ).toThrow(/331 bytes/)
    const fits = epcQrPayload({ ...redCross, name: 'N'.repeat(70), reference: 'R'.repeat(140) })
    expect(new TextEncoder().encode(fits).length).toBeLessThanOrEqual(EPC_MAX_BYTES)
  })

  it('keeps each element on its line: newlines inside a field become spaces', () => {
    const lines = epcQrPayload({ ...redCross, name: 'Red Cross\nof Belgium' }).split('\n')
    expect(lines).toHaveLength(12)
    expect(lines[5]).toBe('Red Cross of Belgium')
  })
})

describe('QR matrix', () => {
  // Byte-mode capacity at error correction level M, versions 1..13 (ISO/IEC 18004 table 7).
  const BYTES_AT_M = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331]
  const versionFor = (bytes: number) => BYTES_AT_M.findIndex((cap) => cap >= bytes) + 1

  /** The 7×7 finder at (x, y): dark ring, light ring, dark 3×3 core. */
  function isFinder(m: boolean[][], x0: number, y0: number): boolean {
    for (let y = 0; y < 7; y++) {
      for (let x = 0; x < 7; x++) {
        const ring = Math.max(Math.abs(x - 3), Math.abs(y - 3))
        const dark = ring !== 2
        if (m[y0 + y]?.[x0 + x] !== dark) return false
      }
    }
    return true
  }

  it('is square, level M sized for the payload, with finder patterns at three corners', () => {
    const payload = epcQrPayload(redCross)
    const bytes = new TextEncoder().encode(payload).length
    expect(bytes).toBe(106)
    const m = qrMatrix(payload)
    const n = m.length
    for (const row of m) expect(row).toHaveLength(n)
    expect(n).toBe(17 + 4 * versionFor(bytes)) // version 6: 41 × 41
    expect(n).toBe(41)
    expect(isFinder(m, 0, 0)).toBe(true)
    expect(isFinder(m, n - 7, 0)).toBe(true)
    expect(isFinder(m, 0, n - 7)).toBe(true)
    expect(isFinder(m, n - 7, n - 7)).toBe(false)
    // The light separator around the top-left finder, and the timing pattern along row 6.
    for (let i = 0; i < 8; i++) {
      expect(m[7]?.[i]).toBe(false)
      expect(m[i]?.[7]).toBe(false)
    }
    for (let x = 8; x < n - 8; x++) expect(m[6]?.[x]).toBe(x % 2 === 0)
  })

  it('takes version 13 (69 × 69) for a payload of the full 331 bytes', () => {
    const text = 'x'.repeat(EPC_MAX_BYTES)
    expect(qrMatrix(text)).toHaveLength(17 + 4 * versionFor(EPC_MAX_BYTES))
    expect(qrMatrix(text)).toHaveLength(69)
  })

  it('draws runs of dark modules as squares in an SVG path', () => {
    const m = [
      [true, true, false],
      [false, true, false],
      [true, false, true],
    ]
    expect(qrSvgPath(m)).toBe('M0 0h2v1h-2zM1 1h1v1h-1zM0 2h1v1h-1zM2 2h1v1h-1z')
    expect(qrSvgPath(m, 4)).toBe('M4 4h2v1h-2zM5 5h1v1h-1zM4 6h1v1h-1zM6 6h1v1h-1z')
    expect(qrSvgPath([[false]])).toBe('')
  })
})
