// The document PDF read back by poppler (pdftotext, pdffonts, pdfinfo, pdfimages): the text is
// real text, the fonts are embedded subsets, the lines flow over pages with numbered footers.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMoney } from '@/billing/format'
import { epcQrPayload } from '@/billing/payment-code'
import { qrMatrix } from '@/billing/payment-qr'
import { pdfFileName, renderDocumentPdf, type RenderPdfOptions } from '@/billing/pdf'
import type { PrintableDocument } from '@/billing/printable'
import { fixtureFonts, invoiceFixture, quoteFixture } from './pdf-fixture'

const POPPLER = ['pdftotext', 'pdffonts', 'pdfinfo', 'pdfimages']

function poppler(tool: string, args: string[]): string {
  const r = spawnSync(tool, args, { encoding: 'utf8' })
  if (r.error) {
    throw new Error(
      `${tool} could not run (${r.error.message}): the PDF tests read PDFs with poppler-utils ` +
        '(pdftotext, pdffonts, pdfinfo, pdfimages). Install it: apt-get install poppler-utils',
    )
  }
  if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${r.stderr}`)
  return r.stdout
}

let dir = ''
const font = fixtureFonts()
let n = 0

async function render(
  doc: PrintableDocument,
  opts: Partial<RenderPdfOptions> = {},
): Promise<string> {
  const bytes = await renderDocumentPdf(doc, { paper: 'a4', font, ...opts })
  const file = join(dir, `doc-${++n}.pdf`)
  writeFileSync(file, bytes)
  return file
}
const layoutText = (file: string) => poppler('pdftotext', ['-layout', file, '-'])
/** Content-stream order: keeps the rotated watermark word whole, which -layout splits. */
const rawText = (file: string) => poppler('pdftotext', ['-raw', file, '-'])
const pages = (file: string) => Number(/^Pages:\s+(\d+)/m.exec(poppler('pdfinfo', [file]))?.[1])

beforeAll(() => {
  // Fail loudly, never skip: without poppler nothing here can be checked.
  for (const tool of POPPLER) poppler(tool, ['-v'])
  dir = mkdtempSync(join(tmpdir(), 'folio-pdf-test-'))
})

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('the invoice PDF', () => {
  const doc = invoiceFixture()
  let file = ''
  let text = ''

  beforeAll(async () => {
    file = await render(doc)
    text = layoutText(file)
  })

  it('is a 3-page A4 file whose every page says "Page n of 3"', () => {
    expect(pages(file)).toBe(3)
    expect(poppler('pdfinfo', [file])).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/)
    for (const p of [1, 2, 3]) expect(text).toContain(`Page ${p} of 3`)
    expect(text).not.toContain('Page 4')
  })

  it('holds the title, the number, seller and customer, and the dates', () => {
    expect(text).toContain('Invoice INV-00042')
    expect(text).toContain('Atelier Lumière GmbH')
    expect(text).toContain('Zoë Ørsted Consulting ApS')
    expect(text).toContain('2200 København N')
    expect(text).toContain('Denmark')
    expect(text).toContain('Tax ID DK12345678')
    expect(text).toMatch(/Issued\s+Mar 2, 2026/)
    expect(text).toMatch(/Due\s+Apr 1, 2026/)
  })

  it('holds every line, and repeats the table header on each page', () => {
    for (const line of doc.items) {
      for (const part of line.description.split('\n')) expect(text).toContain(part)
    }
    // Lines have a discount, so the Disc. column is there.
    const headers = text.match(/Description\s+Qty\s+Price\s+Disc\.\s+Tax\s+Amount/g) ?? []
    expect(headers).toHaveLength(3)
    // One row as the sheet shows it: quantity with unit, price, discount, tax, net. Read in
    // content order: -layout may squeeze the narrow space of "4 h" out when it fits columns.
    expect(rawText(file)).toContain('Item 07 · Copywriting, help centre 4 h €85.00 10% 19% €306.00')
  })

  it('puts the amount due at the top and the totals, tax summary and balance at the end', () => {
    const top = text.slice(0, text.indexOf('Description'))
    expect(top).toContain('AMOUNT DUE')
    expect(top).toContain(formatMoney(doc.balance_cents, 'EUR'))
    expect(text).toMatch(new RegExp(`Total\\s+${escape(formatMoney(doc.total_cents, 'EUR'))}`))
    expect(text).toMatch(
      new RegExp(`Subtotal\\s+${escape(formatMoney(doc.subtotal_cents, 'EUR'))}`),
    )
    expect(text).toMatch(new RegExp(`Paid\\s+−${escape(formatMoney(doc.paid_cents, 'EUR'))}`))
    expect(text).toMatch(
      new RegExp(`Balance due\\s+${escape(formatMoney(doc.balance_cents, 'EUR'))}`),
    )
    expect(text).toContain('TAX SUMMARY')
    for (const g of doc.tax_breakdown) {
      expect(text).toMatch(
        new RegExp(
          `${g.rate}%\\s+${escape(formatMoney(g.net_cents, 'EUR'))}\\s+${escape(formatMoney(g.tax_cents, 'EUR'))}`,
        ),
      )
    }
    expect(text).toContain('Thank you for your business.')
    expect(text).toContain('Payment within 30 days')
  })

  it('shows the payment details with the IBAN in groups of four', () => {
    expect(text).toContain('PAYMENT DETAILS')
    expect(text).toMatch(/IBAN\s+DE89 3704 0044 0532 0130 00/)
    expect(text).toMatch(/BIC\s+COBADEFFXXX/)
    expect(text).toMatch(/Reference\s+INV-00042/)
    expect(text).toMatch(/Account holder\s+Atelier Lumière GmbH/)
  })

  it('has no watermark for a live invoice', () => {
    const raw = rawText(file)
    for (const w of ['DRAFT', 'VOID', 'PAID']) expect(raw).not.toContain(w)
  })

  it('embeds its fonts as subsets of Inter, and uses no other font', () => {
    const rows = poppler('pdffonts', [file]).trim().split('\n').slice(2)
    expect(rows.length).toBe(2)
    for (const row of rows) {
      // name, type (two words), encoding, emb, sub, uni, object, generation
      const cols = row.trim().split(/\s+/)
      expect(cols[0]).toMatch(/^[A-Z]{6}\+Inter-(Regular|SemiBold)$/)
      expect(cols.slice(1, 3).join(' ')).toBe('CID TrueType')
      expect(cols.slice(4, 7)).toEqual(['yes', 'yes', 'yes']) // embedded, subset, ToUnicode
    }
  })
})

describe('status watermarks and variants', () => {
  it('marks a draft DRAFT, and has no number to show', async () => {
    const base = invoiceFixture()
    const doc = invoiceFixture({
      status: 'draft',
      display_status: 'draft',
      number: '',
      payment: {
        holder: 'Atelier Lumière GmbH',
        iban: 'DE89370400440532013000',
        bic: '',
        reference: '',
      },
    })
    const file = await render(doc)
    expect(rawText(file)).toContain('DRAFT')
    const text = layoutText(file)
    expect(text).not.toContain(base.number)
    expect(text).not.toMatch(/Reference|BIC/)
    expect(text).toMatch(/IBAN\s+DE89 3704 0044 0532 0130 00/)
    expect(pdfFileName(doc)).toBe('invoice-draft.pdf')
  })

  it('marks a void invoice VOID', async () => {
    const file = await render(invoiceFixture({ status: 'void', display_status: 'void' }))
    expect(rawText(file)).toContain('VOID')
  })

  it('marks a paid invoice PAID, with nothing left to pay', async () => {
    const base = invoiceFixture()
    const file = await render(
      invoiceFixture({
        status: 'paid',
        display_status: 'paid',
        paid_cents: base.total_cents,
        balance_cents: 0,
      }),
    )
    const raw = rawText(file)
    expect(raw).toContain('PAID')
    expect(raw).not.toContain('DRAFT')
    expect(layoutText(file)).toMatch(/Balance due\s+€0\.00/)
    // The box at the top says PAID with the total, not "Amount due €0.00".
    expect(raw).not.toContain('AMOUNT DUE')
    const top = layoutText(file).split('Description')[0] ?? ''
    expect(top).toContain(formatMoney(base.total_cents, 'EUR'))
  })

  it('shows what a credit note took off: an invoice settled by credit has no payment, nothing due', async () => {
    const base = invoiceFixture()
    const file = await render(
      invoiceFixture({
        status: 'paid',
        display_status: 'paid',
        paid_cents: 0,
        credited_cents: base.total_cents,
        balance_cents: 0,
      }),
    )
    const text = layoutText(file)
    expect(text).toMatch(new RegExp(`Credited\\s+−${escape(formatMoney(base.total_cents, 'EUR'))}`))
    expect(text).toMatch(/Balance due\s+€0\.00/)
    expect(text).not.toMatch(/Paid\s+−/)
  })

  it('draws a quote as a quote: total at the top, valid until, no payment block', async () => {
    const doc = quoteFixture()
    const file = await render(doc)
    const text = layoutText(file)
    expect(pages(file)).toBe(1)
    expect(text).toContain('Quote Q-00007')
    expect(text).not.toContain('Invoice')
    expect(text).toMatch(/Valid until\s+Apr 15, 2026/)
    expect(text).toContain('TOTAL')
    expect(text).not.toContain('AMOUNT DUE')
    expect(text).not.toContain('PAYMENT DETAILS')
    expect(text).not.toContain('IBAN')
    expect(text).not.toContain('Balance due')
    // None of its lines has a discount: no Disc. column.
    expect(text).toMatch(/Description\s+Qty\s+Price\s+Tax\s+Amount/)
    expect(text).toContain('Page 1 of 1')
    expect(pdfFileName(doc)).toBe('Q-00007.pdf')
    expect(rawText(await render(quoteFixture({ status: 'draft' })))).toContain('DRAFT')
  })

  it("shows the customer's answer to a quote", async () => {
    const file = await render(
      quoteFixture({
        status: 'accepted',
        answer: { accepted: true, at: '2026-03-05T10:00:00Z', name: 'Zoë Ørsted', note: 'Go!' },
      }),
    )
    expect(layoutText(file)).toContain('Accepted by Zoë Ørsted on Mar 5, 2026.')
  })

  it('lays out on US Letter', async () => {
    const file = await render(invoiceFixture(), { paper: 'letter' })
    expect(poppler('pdfinfo', [file])).toMatch(/Page size:\s+612 x 792 pts \(letter\)/)
    const text = layoutText(file)
    const total = pages(file)
    expect(text).toContain(`Page ${total} of ${total}`)
    for (const line of invoiceFixture().items) {
      expect(text).toContain(line.description.split('\n')[0])
    }
  })

  it('draws the logo as an image and the EPC QR code as vector squares', async () => {
    const doc = invoiceFixture()
    const qr = qrMatrix(
      epcQrPayload({
        bic: doc.payment?.bic ?? '',
        name: doc.payment?.holder ?? '',
        iban: doc.payment?.iban ?? '',
        amountCents: doc.balance_cents,
        currency: doc.currency,
        reference: doc.number,
      }),
    )
    const file = await render(doc, { qr, logo: { bytes: solidPng(120, 40), type: 'png' } })
    expect(layoutText(file)).toContain('Scan to pay')
    // pdfimages lists one image (the logo, 120×40): the QR code is no image.
    const images = poppler('pdfimages', ['-list', file]).trim().split('\n').slice(2)
    expect(images).toHaveLength(1)
    expect(images[0]?.trim().split(/\s+/).slice(3, 5)).toEqual(['120', '40'])
  })

  it('refuses fonts that are not TrueType', async () => {
    const bad = { regular: new Uint8Array([0x77, 0x4f, 0x46, 0x32]), bold: font.bold }
    await expect(renderDocumentPdf(quoteFixture(), { paper: 'a4', font: bad })).rejects.toThrow(
      /TrueType/,
    )
  })
})

describe('pdfFileName', () => {
  it('names the file after the number, or the kind for a draft', () => {
    expect(pdfFileName({ kind: 'invoice', number: 'INV-00001' })).toBe('INV-00001.pdf')
    expect(pdfFileName({ kind: 'quote', number: '' })).toBe('quote-draft.pdf')
    expect(pdfFileName({ kind: 'invoice', number: '' })).toBe('invoice-draft.pdf')
    expect(pdfFileName({ kind: 'invoice', number: '2026/INV 7' })).toBe('2026-INV-7.pdf')
    expect(pdfFileName({ kind: 'quote', number: '../..' })).toBe('quote-draft.pdf')
  })
})

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A solid grey RGB PNG of w × h, made here (no image file in the repo). */
function solidPng(w: number, h: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, k) => {
    let c = k
    for (let i = 0; i < 8; i++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Uint8Array) => {
    let c = 0xffffffff
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Uint8Array) => {
    const body = new Uint8Array(4 + data.length)
    body.set(new TextEncoder().encode(type))
    body.set(data, 4)
    const out = new Uint8Array(12 + data.length)
    const view = new DataView(out.buffer)
    view.setUint32(0, data.length)
    out.set(body, 4)
    view.setUint32(8 + data.length, crc(body))
    return out
  }
  const ihdr = new Uint8Array(13)
  const v = new DataView(ihdr.buffer)
  v.setUint32(0, w)
  v.setUint32(4, h)
  ihdr.set([8, 2, 0, 0, 0], 8) // 8-bit RGB
  const rows = new Uint8Array(h * (1 + 3 * w)).fill(120)
  for (let y = 0; y < h; y++) rows[y * (1 + 3 * w)] = 0 // filter: none
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', new Uint8Array(deflateSync(rows))),
    chunk('IEND', new Uint8Array()),
  ]
  const png = new Uint8Array(parts.reduce((s, p) => s + p.length, 0))
  let at = 0
  for (const p of parts) {
    png.set(p, at)
    at += p.length
  }
  return png
}
