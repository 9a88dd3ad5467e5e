/**
 * A report as a PDF: a title, a line under it, and sections of tables, on A4. Import it lazily
 * (`await import('@/billing/pdf/table')`): it carries jsPDF. The fonts are the documents' (Inter,
 * or Noto Sans Arabic for Arabic, which jsPDF shapes); an Arabic report is drawn right to left.
 */
import { jsPDF } from 'jspdf'
import { latin1 } from '@/billing/latin1'
import type { Locale } from '@/lib/i18n/locales'
import { loadPdfFonts } from './fonts'

export interface PdfTable {
  heading: string
  columns: readonly string[]
  rows: ReadonlyArray<readonly string[]>
  /** The columns drawn at the end side (amounts). */
  numeric: readonly number[]
}

export interface TablePdf {
  title: string
  subtitle: string
  tables: readonly PdfTable[]
  locale: Locale
}

const PAGE_W = 595.28
const PAGE_H = 841.89
const MARGIN = 40
const BODY = 9
const LINE = BODY * 1.5
const BIDI_MARKS = /[\u200e\u200f\u061c]/g

/** The PDF's bytes. */
export async function renderTablePdf(doc: TablePdf): Promise<Uint8Array> {
  const font = await loadPdfFonts(doc.locale)
  const family = font.family ?? 'Inter'
  const pdf = new jsPDF({ unit: 'pt', format: 'a4', compress: true, putOnlyUsedFonts: true })
  pdf.addFileToVFS(`${family}-Regular.ttf`, latin1(font.regular))
  pdf.addFont(`${family}-Regular.ttf`, `${family}R`, 'normal')
  pdf.addFileToVFS(`${family}-SemiBold.ttf`, latin1(font.bold))
  pdf.addFont(`${family}-SemiBold.ttf`, `${family}B`, 'normal')
  pdf.setProperties({ title: doc.title, subject: doc.subtitle, creator: 'Folio' })
  const rtl = doc.locale === 'ar'
  const clean = (s: string) => s.replace(BIDI_MARKS, '')
  const width = (s: string) => pdf.getTextWidth(rtl ? pdf.processArabic(clean(s)) : s)
  /** Draws s with its start (or its end) at x measured from the start side. */
  const text = (s: string, x: number, y: number, end = false) => {
    const w = width(s)
    const px = rtl ? PAGE_W - x : x
    const left = rtl !== end ? px - w : px
    pdf.text(rtl ? clean(s) : s, left, y)
  }
  const type = (bold: boolean, size: number) => {
    pdf.setFont(`${family}${bold ? 'B' : 'R'}`, 'normal')
    pdf.setFontSize(size)
  }

  let y = MARGIN + 16
  const room = (h: number) => {
    if (y + h > PAGE_H - MARGIN) {
      pdf.addPage()
      y = MARGIN + BODY
    }
  }
  type(true, 16)
  text(doc.title, MARGIN, y)
  y += 20
  type(false, BODY)
  text(doc.subtitle, MARGIN, y)
  y += LINE * 2

  const contentW = PAGE_W - 2 * MARGIN
  for (const table of doc.tables) {
    room(LINE * 3)
    type(true, 11)
    text(table.heading, MARGIN, y)
    y += LINE * 1.2
    const colW = contentW / table.columns.length
    const row = (cells: readonly string[], bold: boolean) => {
      room(LINE)
      type(bold, BODY)
      cells.forEach((c, i) => {
        const end = table.numeric.includes(i)
        text(c, MARGIN + colW * i + (end ? colW - 4 : 0), y, end)
      })
      y += LINE
    }
    row(table.columns, true)
    pdf.setLineWidth(0.5)
    pdf.line(MARGIN, y - LINE + 3, PAGE_W - MARGIN, y - LINE + 3)
    for (const r of table.rows) row(r, false)
    y += LINE
  }
  return new Uint8Array(pdf.output('arraybuffer'))
}
