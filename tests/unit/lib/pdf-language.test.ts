// The document PDF in the customer's language, read back by poppler: every label translated,
// dates and amounts as the language writes them, whatever the interface speaks (English here);
// an Arabic document in real Arabic letters, laid out right to left.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PDF_ARABIC_FONT_FILES,
  pdfFontFamily,
  renderDocumentPdf,
  type FontBytes,
  type RenderPdfOptions,
} from '@/billing/pdf'
import type { PrintableDocument } from '@/billing/printable'
import { getLocale } from '@/lib/i18n'
import { fixtureFonts, invoiceFixture, quoteFixture } from './pdf-fixture'

function poppler(tool: string, args: string[]): string {
  const r = spawnSync(tool, args, { encoding: 'utf8' })
  if (r.error) throw new Error(`${tool} could not run (${r.error.message}): install poppler-utils`)
  if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed: ${r.stderr}`)
  return r.stdout
}

function arabicFonts(): FontBytes {
  const require = createRequire(import.meta.url)
  return {
    regular: new Uint8Array(readFileSync(require.resolve(PDF_ARABIC_FONT_FILES.regular))),
    bold: new Uint8Array(readFileSync(require.resolve(PDF_ARABIC_FONT_FILES.bold))),
    family: 'NotoSansArabic',
  }
}

let dir = ''
let n = 0
async function render(doc: PrintableDocument, opts: Partial<RenderPdfOptions> = {}) {
  const bytes = await renderDocumentPdf(doc, { paper: 'a4', font: fixtureFonts(), ...opts })
  const file = join(dir, `lang-${++n}.pdf`)
  writeFileSync(file, bytes)
  return file
}
/**
 * Text as read: Arabic's presentation forms folded back to letters (NFKC) and poppler's
 * direction marks dropped, so a test can look for the words as written.
 */
const read = (file: string, mode = '-layout') =>
  poppler('pdftotext', [mode, file, '-'])
    .normalize('NFKC')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')

beforeAll(() => {
  poppler('pdftotext', ['-v'])
  dir = mkdtempSync(join(tmpdir(), 'folio-pdf-lang-'))
})
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('a French invoice', () => {
  let text = ''
  let file = ''
  beforeAll(async () => {
    file = await render(invoiceFixture({ language: 'fr' }))
    text = read(file)
  })

  it('is written in French while the interface speaks English', () => {
    expect(getLocale()).toBe('en')
    expect(text).toContain('Facture INV-00042')
    expect(text).toContain('FACTURÉ À')
    expect(text).toContain('MONTANT DÛ')
    expect(text).toMatch(/Date d’émission\s+2 mars 2026/)
    expect(text).toMatch(/Date d’échéance\s+1 avr\. 2026/)
    expect(text).toMatch(/Description\s+Qté\s+Prix\s+Remise\s+Taxe\s+Montant/)
    expect(text).toContain('RÉCAPITULATIF DES TAXES')
    expect(text).toContain('COORDONNÉES DE PAIEMENT')
    expect(text).toMatch(/Titulaire du compte\s+Atelier Lumière GmbH/)
    expect(text).toContain('Danemark')
    expect(text).toContain('N° d’identification fiscale DK12345678')
    for (const p of [1, 2, 3]) expect(text).toContain(`Page ${p} sur 3`)
  })

  it('writes amounts and rates the French way', () => {
    // 85 € a line, 10 % off, 19 % tax: "85,00 €", narrow no-break spaces as Intl writes them.
    const raw = read(file, '-raw')
    expect(raw).toMatch(/Item 07 · Copywriting, help centre 4 h 85,00\s€ 10\s% 19\s% 306,00\s€/)
    expect(text).toMatch(/Sous-total\s+\d[\d\s]*,\d\d\s€/)
    expect(text).toMatch(/Solde dû\s+\d[\d\s]*,\d\d\s€/)
  })

  it('says no English label', () => {
    for (const english of ['Invoice', 'BILL TO', 'AMOUNT DUE', 'Issued', 'Subtotal', 'Page 1 of'])
      expect(text).not.toContain(english)
  })

  it('tells the PDF reader its language', () => {
    const bytes = readFileSync(file, 'latin1')
    expect(bytes).toMatch(/\/Lang \(fr\)/)
  })
})

describe('a German draft quote', () => {
  it('has the German watermark, dates and totals', async () => {
    const file = await render(quoteFixture({ language: 'de', status: 'draft' }))
    // The rotated word may come out in pieces: read it without spaces.
    expect(read(file, '-raw').replace(/\s+/g, '')).toContain('ENTWURF')
    const text = read(file)
    expect(text).toContain('Angebot Q-00007')
    expect(text).toMatch(/Angebotsdatum\s+02\.03\.2026/)
    expect(text).toMatch(/Gültig bis\s+15\.04\.2026/)
    expect(text).toContain('GESAMTBETRAG')
    expect(text).toContain('Seite 1 von 1')
    expect(text).not.toContain('DRAFT')
  })
})

describe('an Arabic invoice', () => {
  let file = ''
  let text = ''
  beforeAll(async () => {
    expect(pdfFontFamily('ar')).toBe('NotoSansArabic')
    file = await render(
      invoiceFixture({
        language: 'ar',
        buyer: { ...invoiceFixture().buyer, name: 'شركة الأفق للتجارة' },
      }),
      { font: arabicFonts() },
    )
    text = read(file)
  })

  it('embeds Noto Sans Arabic and no other font', () => {
    const rows = poppler('pdffonts', [file]).trim().split('\n').slice(2)
    expect(rows).toHaveLength(2)
    for (const row of rows) expect(row).toMatch(/^[A-Z]{6}\+NotoSansArabic-(Regular|SemiBold)\s/)
  })

  it('holds real Arabic text: labels, the customer, the page numbers', () => {
    for (const words of [
      'فاتورة',
      'المبلغ المستحق',
      'تاريخ الإصدار',
      'تاريخ الاستحقاق',
      'الوصف',
      'المجموع الفرعي',
      'الرصيد المستحق',
      'بيانات الدفع',
      'صاحب الحساب',
      'الأفق',
      'الصفحة',
    ])
      expect(text).toContain(words)
    // Latin names, numbers and IBANs stay readable beside it.
    expect(text).toContain('INV-00042')
    expect(text).toContain('Atelier Lumière GmbH')
    expect(text).toContain('DE89 3704 0044 0532 0130 00')
    expect(text).toMatch(/02\/03\/2026/)
    expect(text).not.toContain('AMOUNT DUE')
  })

  it('lays the page out right to left: the seller on the right, the title on the left', () => {
    // Where each word sits on page 1 (A4 is 595 pt wide).
    const html = poppler('pdftotext', ['-bbox', '-f', '1', '-l', '1', file, '-'])
    const words = [...html.matchAll(/<word xMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({
      x: Number(m[1]),
      word: m[2] ?? '',
    }))
    const first = (w: string) => words.find((x) => x.word === w)?.x ?? NaN
    expect(first('Atelier')).toBeGreaterThan(595 / 2) // the seller's name, first on the page
    expect(first('INV-00042')).toBeLessThan(595 / 2) // the title
    // The lines table: descriptions on the right, amounts on the left.
    expect(first('Item')).toBeGreaterThan(595 / 2)
  })
})
