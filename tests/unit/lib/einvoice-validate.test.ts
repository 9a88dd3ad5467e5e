// Every e-invoice Folio makes, checked by the official validators (tests/support/mustang.ts):
// each fixture case (einvoice-fixtures.ts) as a Factur-X PDF — its real jsPDF PDF made PDF/A-3
// with the CII inside: veraPDF, XSD, EN 16931 and Factur-X Schematron —, as XRechnung UBL (XSD,
// EN 16931 and KoSIT XRechnung Schematron) and as Peppol BIS UBL (XSD, EN 16931 and the
// OpenPeppol Schematron). Valid = no errors; warnings are printed with the summary table.
// Without Java or the validators' jars this fails, it never skips.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ciiXml,
  facturxPdf,
  missingForEInvoice,
  peppolXml,
  xrechnungXml,
  type EInvoiceFormat,
} from '@/billing/einvoice'
import { epcQrPayload } from '@/billing/payment-code'
import { qrMatrix } from '@/billing/payment-qr'
import { renderDocumentPdf } from '@/billing/pdf'
import {
  mustangJar,
  mustangValidate,
  peppolRulesJar,
  requireJava,
  validateBatch,
  type ValidationResult,
} from '../../support/mustang'
import { einvoiceCases, type EInvoiceCase } from './einvoice-fixtures'
import { fixtureFonts } from './pdf-fixture'

const cases = einvoiceCases()
const runs = cases.flatMap((c) => c.formats.map((format) => ({ c, format })))
const key = (c: EInvoiceCase, format: EInvoiceFormat) => `${c.name} · ${format}`
const files = new Map<string, string>()
const results = new Map<string, ValidationResult>()
const sizes: Array<{ name: string; plain: number; facturx: number; pages: number }> = []
/** The case whose Factur-X PDF also goes through the command line, as a check on the batch. */
const cliKey = key(cases[1] ?? cases[0]!, 'facturx')
let cli: ValidationResult | null = null

/**
 * Broken files the validators must refuse, so a pass above means something: what each lacks,
 * the rule that must fire, and the file.
 */
const controls = [
  {
    name: 'XRechnung without the seller contact',
    rule: 'BR-DE-2',
    source: {
      ...cases[0]!.source,
      seller: {
        ...cases[0]!.source.seller,
        contact_name: '',
        contact_phone: '',
        contact_email: '',
      },
    },
    format: 'xrechnung' as const,
  },
  {
    name: 'Peppol with an email address',
    rule: 'PEPPOL-EN16931-CL008',
    source: cases.find((c) => c.source.seller.endpoint_scheme === 'EM')!.source,
    format: 'peppol' as const,
  },
].map((c) => ({ ...c, file: '', result: null as ValidationResult | null }))
const plainPdf = { file: '', result: null as ValidationResult | null }
let dir = ''
let seconds = 0

/** A 160×48 RGBA PNG whose alpha fades left to right: a logo with transparency (a soft mask). */
function fadingLogo(): Uint8Array {
  const [w, h] = [160, 48]
  const chunk = (type: string, data: Uint8Array) => {
    const out = Buffer.alloc(12 + data.length)
    out.writeUInt32BE(data.length, 0)
    out.write(type, 4, 'latin1')
    Buffer.from(data).copy(out, 8)
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(w, 0)
  ihdr.writeUInt32BE(h, 4)
  ihdr.set([8, 6, 0, 0, 0], 8) // 8-bit RGBA
  const rows = Buffer.alloc(h * (1 + 4 * w))
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      rows.set([30, 64, 175, Math.round((255 * x) / w)], y * (1 + 4 * w) + 1 + 4 * x)
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array()),
  ])
}

async function produce(c: EInvoiceCase, format: EInvoiceFormat, file: string): Promise<void> {
  if (format !== 'facturx') {
    const xml = format === 'xrechnung' ? await xrechnungXml(c.source) : await peppolXml(c.source)
    writeFileSync(file, xml)
    return
  }
  const doc = c.printable
  // The payment block's EPC QR code, as the app draws it for euro invoices with an IBAN.
  const qr =
    doc.payment && doc.currency === 'EUR'
      ? qrMatrix(
          epcQrPayload({
            bic: doc.payment.bic,
            name: doc.payment.holder,
            iban: doc.payment.iban,
            amountCents: doc.balance_cents,
            currency: doc.currency,
            reference: doc.number,
          }),
        )
      : null
  // One case carries a logo with transparency, as a business's logo often has.
  const logo = c === cases[0] ? { bytes: fadingLogo(), type: 'png' as const } : null
  const pdf = await renderDocumentPdf(doc, { paper: 'a4', font: fixtureFonts(), qr, logo })
  const out = await facturxPdf(c.source, pdf)
  const pages = new TextDecoder('latin1').decode(pdf).match(/\/Type \/Page\b/g)?.length ?? 0
  sizes.push({ name: c.name, plain: pdf.length, facturx: out.length, pages })
  writeFileSync(file, out)
}

beforeAll(async () => {
  // Fail loudly, never skip: without Java and the validators nothing here can be checked.
  requireJava()
  const jar = mustangJar()
  peppolRulesJar()
  dir = mkdtempSync(join(tmpdir(), 'folio-einvoice-'))
  const started = Date.now()
  for (const [i, { c, format }] of runs.entries()) {
    const file = join(
      dir,
      `${String(i).padStart(2, '0')}-${format}.${format === 'facturx' ? 'pdf' : 'xml'}`,
    )
    await produce(c, format, file)
    files.set(key(c, format), file)
  }
  for (const c of controls) {
    c.file = join(dir, `control-${c.format}.xml`)
    writeFileSync(
      c.file,
      c.format === 'peppol' ? await peppolXml(c.source) : await xrechnungXml(c.source),
    )
  }
  // A plain jsPDF PDF is no PDF/A and carries no invoice.
  plainPdf.file = join(dir, 'control-plain.pdf')
  writeFileSync(
    plainPdf.file,
    await renderDocumentPdf(cases[0]!.printable, { paper: 'a4', font: fixtureFonts() }),
  )
  const peppol = new Set([
    ...runs.filter((r) => r.format === 'peppol').map((r) => files.get(key(r.c, r.format)) ?? ''),
    ...controls.filter((c) => c.format === 'peppol').map((c) => c.file),
  ])
  // Two JVMs at once (two cores): every file in one, one file through the command line in the
  // other — the batch must give the command line's verdict.
  const [batch, single] = await Promise.all([
    validateBatch([...files.values(), ...controls.map((c) => c.file), plainPdf.file], { peppol }),
    mustangValidate(files.get(cliKey) ?? '', jar),
  ])
  for (const [k, file] of files) {
    const r = batch.get(file)
    if (r) results.set(k, r)
  }
  for (const c of controls) c.result = batch.get(c.file) ?? null
  plainPdf.result = batch.get(plainPdf.file) ?? null
  cli = single
  seconds = (Date.now() - started) / 1000
}, 240_000)

afterAll(() => {
  if (dir && process.env.KEEP_EINVOICES) console.log(`E-invoices kept in ${dir}`)
  else if (dir) rmSync(dir, { recursive: true, force: true })
  console.log(`E-invoices: ${runs.length} files made and validated in ${seconds.toFixed(0)} s`)
  console.table(
    runs.map(({ c, format }) => {
      const r = results.get(key(c, format))
      return {
        case: c.name,
        format,
        verdict: r ? (r.valid ? 'valid' : 'INVALID') : 'not run',
        errors: r?.errors.length ?? 0,
        warnings: r?.warnings.length ?? 0,
      }
    }),
  )
  const warnings = new Map<string, string[]>()
  for (const [k, r] of results) {
    for (const w of r.warnings) {
      const text = `${w.part}: ${w.text.replace(/ from \/xslt\/\S+\)?$/, '')}`
      warnings.set(text, [...(warnings.get(text) ?? []), k])
    }
  }
  for (const [text, where] of warnings) {
    console.log(`Warning, ${where.length}×: ${text}\n  in ${where.join('\n  in ')}`)
  }
  for (const s of sizes.filter((s) => s.pages > 1)) {
    console.log(
      `Factur-X PDF, ${s.name}: ${s.pages} pages, ${s.plain} B plain → ${s.facturx} B (+${s.facturx - s.plain} B)`,
    )
  }
})

describe('the official validators say every e-invoice is valid', () => {
  it.each(runs.map(({ c, format }) => [key(c, format), c, format] as const))(
    '%s',
    (name, c, format) => {
      expect(missingForEInvoice(c.source, format)).toEqual([])
      const r = results.get(name)
      expect(r, 'the validation did not run').toBeDefined()
      const errors = r?.errors.map((e) => `${e.part}: ${e.text}`) ?? []
      expect(errors, r?.valid ? '' : r?.report).toEqual([])
      expect(r?.valid, r?.report).toBe(true)
    },
  )

  it.each(controls.map((c) => [c.name, c] as const))('refuses a control: %s', (_name, c) => {
    expect(c.result?.valid).toBe(false)
    expect(c.result?.errors.map((e) => e.text).join('\n')).toContain(c.rule)
    // …and missingForEInvoice had said so before the file was made.
    expect(missingForEInvoice(c.source, c.format)).not.toEqual([])
  })

  it('refuses a control: a plain PDF (no PDF/A, no invoice inside)', () => {
    expect(plainPdf.result?.valid).toBe(false)
    expect(plainPdf.result?.errors.length).toBeGreaterThan(0)
  })

  it('ran the Peppol rules on every Peppol file', () => {
    for (const { c } of runs.filter((r) => r.format === 'peppol')) {
      expect(results.get(key(c, 'peppol'))?.report).toContain('schematron-output')
    }
  })

  it('the batch gives the verdict the Mustang-CLI command line gives', () => {
    const summary = (r: ValidationResult | null | undefined) => ({
      valid: r?.valid,
      errors: r?.errors.map((e) => e.text),
      warnings: r?.warnings.map((w) => w.text),
    })
    expect(cli).not.toBeNull()
    expect(summary(results.get(cliKey))).toEqual(summary(cli))
  })

  it('covers credit notes (381, referring to their invoice) in every format', () => {
    for (const format of ['facturx', 'xrechnung', 'peppol'] as const) {
      const made = cases.filter((c) => c.formats.includes(format) && c.source.type_code === '381')
      expect(made.length).toBeGreaterThan(0)
      for (const c of made) {
        expect(c.source.preceding_invoice?.number).toBeTruthy()
        expect(results.get(key(c, format))?.valid).toBe(true)
      }
    }
  })

  it('covers deposits (386) and a final invoice deducting 2 deposits at 2 rates in every format', () => {
    for (const format of ['facturx', 'xrechnung', 'peppol'] as const) {
      const deposits = cases.filter(
        (c) => c.formats.includes(format) && c.source.type_code === '386',
      )
      expect(deposits.length).toBe(2)
      const finals = cases.filter((c) => c.formats.includes(format) && c.source.deposits?.length)
      expect(finals.length).toBe(1)
      for (const c of [...deposits, ...finals]) {
        expect(new Set(c.source.tax_breakdown.map((r) => r.rate)).size).toBe(2)
        expect(results.get(key(c, format))?.valid).toBe(true)
      }
      expect(finals[0]?.source.deposits?.length).toBe(2)
    }
  })

  it('says 386 where the format has it, and deducts the deposits as prepaid with their references', async () => {
    const deposit = cases.find((c) => c.source.type_code === '386')!
    expect(await peppolXml(deposit.source)).toContain(
      '<cbc:InvoiceTypeCode>386</cbc:InvoiceTypeCode>',
    )
    expect(await ciiXml(deposit.source)).toContain('<ram:TypeCode>386</ram:TypeCode>')
    // XRechnung lists no 386 (BR-DE-17): a 380 whose note says it is a prepayment.
    const xr = await xrechnungXml(deposit.source)
    expect(xr).toContain('<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>')
    expect(xr).toContain('Prepayment (deposit) invoice.')

    const final = cases.find((c) => c.source.deposits?.length)!
    const deducted = final.source.deducted_cents ?? 0
    expect(deducted).toBeGreaterThan(0)
    const prepaid = ((deducted + final.source.paid_cents) / 100).toFixed(2)
    for (const xml of [await xrechnungXml(final.source), await peppolXml(final.source)]) {
      expect(xml).toContain(`<cbc:PrepaidAmount currencyID="EUR">${prepaid}</cbc:PrepaidAmount>`)
      for (const d of final.source.deposits ?? []) {
        expect(xml).toContain(`<cbc:ID>${d.number}</cbc:ID>`)
      }
      expect(xml).toContain('Still charged:')
    }
    const cii = await ciiXml(final.source)
    expect(cii).toContain(`<ram:TotalPrepaidAmount>${prepaid}</ram:TotalPrepaidAmount>`)
    expect(cii.match(/<ram:InvoiceReferencedDocument>/g)?.length).toBe(2)
  })

  it('covers payment by IBAN and without a bank account in every format', () => {
    for (const format of ['facturx', 'xrechnung', 'peppol'] as const) {
      const made = cases.filter((c) => c.formats.includes(format))
      expect(made.some((c) => c.source.payment?.iban)).toBe(true)
      expect(made.some((c) => c.source.payment === null)).toBe(true)
    }
  })
})
