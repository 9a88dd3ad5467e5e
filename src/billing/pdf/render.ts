/**
 * A quote or invoice as a vector PDF, laid out as the print sheet (DocumentSheet) lays it out:
 * seller and title, buyer and the amount due, the lines (their header repeated on every page),
 * tax summary and totals, notes and terms, the payment details with the EPC QR code, a DRAFT,
 * VOID or PAID watermark, and "Page n of m". Text is text, in an embedded subset of Inter (Noto
 * Sans Arabic for Arabic). Every word is in the document's language (its `language`, the
 * customer's), whatever the interface speaks, with that language's dates and amounts; an Arabic
 * document is laid out right to left, its letters shaped by jsPDF's Arabic support.
 */
import { jsPDF } from 'jspdf'
import { documentLocale } from '@/billing/document-language'
import { latin1 } from '@/billing/latin1'
import { darkRuns } from '@/billing/payment-code'
import type { PrintableDocument } from '@/billing/printable'
import {
  sheetOf,
  type AmountTable,
  type LineRow,
  type Party,
  type Sheet,
  type SheetBlock,
  type SheetBlockKind,
  type TextColumn,
} from '@/billing/sheet'
import { docTranslator, type DocTranslate } from '@/lib/i18n'
import type { FontBytes } from './fonts'
import type { PdfLogo } from './logo'

export type Paper = 'a4' | 'letter'

export interface RenderPdfOptions {
  paper: Paper
  font: FontBytes
  /** The seller's logo, fetched by the caller (see loadPdfLogo); drawn when given. */
  logo?: PdfLogo | null
  /** The EPC QR code's modules (qrMatrix), drawn in the payment block of an invoice. */
  qr?: readonly (readonly boolean[])[] | null
}

/** Page sizes in points. */
export const PAPER_SIZES: Readonly<Record<Paper, readonly [number, number]>> = {
  a4: [595.28, 841.89],
  letter: [612, 792],
}

type Rgb = readonly [number, number, number]
// Tailwind's neutral scale, as the sheet uses it.
const INK: Rgb = [23, 23, 23]
const TEXT_700: Rgb = [64, 64, 64]
const MUTED: Rgb = [82, 82, 82]
const RULE: Rgb = [212, 212, 212]
const RULE_LIGHT: Rgb = [229, 229, 229]
const PANEL: Rgb = [245, 245, 245]
// The watermark: the sheet's text-neutral-900/8 on white; PAID in a faint green.
const WATERMARK_GREY: Rgb = [236, 236, 236]
const WATERMARK_GREEN: Rgb = [218, 240, 224]

const MARGIN_X = 48
const MARGIN_TOP = 48
/** Room kept at the bottom for the footer line. */
const MARGIN_BOTTOM = 60
const BODY = 9.5
const SMALL = 8
const LABEL = 7.5
const LEADING = 1.4
const CELL_PAD_Y = 5
const COL_GAP = 12

// Names of the embedded subsets: a six-letter tag, "+", the face's PostScript name.
const FACES = {
  Inter: { regular: 'FOLIOR+Inter-Regular', bold: 'FOLIOB+Inter-SemiBold' },
  NotoSansArabic: {
    regular: 'FOLIOR+NotoSansArabic-Regular',
    bold: 'FOLIOB+NotoSansArabic-SemiBold',
  },
} as const
/** The PDF's language tag (its /Lang), per document language. */
const PDF_LANGUAGE = { en: 'en-US', de: 'de', fr: 'fr', es: 'es', ar: 'ar' } as const
/** Direction marks Intl puts into Arabic dates and amounts: jsPDF's bidi engine orders instead. */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g

type Face = 'regular' | 'bold'
type Align = 'left' | 'right' | 'center'

function isTrueType(bytes: Uint8Array): boolean {
  return bytes[0] === 0 && bytes[1] === 1 && bytes[2] === 0 && bytes[3] === 0
}

/**
 * Renders the document in its language (loading that language's document messages first);
 * resolves to the PDF file's bytes. An Arabic document needs the Arabic face
 * (loadPdfFonts('ar')): Inter has no Arabic letters.
 */
export async function renderDocumentPdf(
  doc: PrintableDocument,
  opts: RenderPdfOptions,
): Promise<Uint8Array> {
  const dt = await docTranslator(documentLocale(doc))
  return layout(doc, opts, dt)
}

/** The blocks on paper: the page set up, then each block's painter in turn. */
function layout(doc: PrintableDocument, opts: RenderPdfOptions, dt: DocTranslate): Uint8Array {
  if (!isTrueType(opts.font.regular) || !isTrueType(opts.font.bold)) {
    throw new Error('The PDF fonts must be TrueType (.ttf) files.')
  }
  const sheet = sheetOf(doc, { dt, medium: 'paper' })
  const pen = new Pen(sheet, opts)
  for (const block of sheet.blocks) paint(pen, block)
  return new Uint8Array(pen.pdf.output('arraybuffer'))
}

type Painters = {
  [K in SheetBlockKind]: (pen: Pen, block: Extract<SheetBlock, { kind: K }>) => void
}

function paint<K extends SheetBlockKind>(pen: Pen, block: Extract<SheetBlock, { kind: K }>) {
  ;(PAINTERS[block.kind] as Painters[K])(pen, block)
}

/**
 * The page and a cursor down it: the drawing helpers the painters share. The layout is written
 * left to right; an Arabic document mirrors it as it is drawn: `x` is measured from the start
 * side, and 'left' is the start.
 */
class Pen {
  readonly pdf: jsPDF
  readonly pageW: number
  readonly pageH: number
  readonly left = MARGIN_X
  readonly right: number
  readonly contentW: number
  readonly bottom: number
  /** The seller's and the buyer's column. */
  readonly partyW: number
  readonly rowLine = BODY * LEADING
  readonly rtl: boolean
  /** The cursor: the top of what is drawn next. */
  y = MARGIN_TOP
  /** Drawn again on every new page. */
  watermark: Extract<SheetBlock, { kind: 'watermark' }> | null = null
  private readonly faces: { regular: string; bold: string }

  constructor(
    sheet: Sheet,
    readonly opts: RenderPdfOptions,
  ) {
    const [pageW, pageH] = PAPER_SIZES[opts.paper]
    this.pageW = pageW
    this.pageH = pageH
    this.right = pageW - MARGIN_X
    this.contentW = this.right - this.left
    this.partyW = this.contentW * 0.55
    this.bottom = pageH - MARGIN_BOTTOM
    this.rtl = sheet.dir === 'rtl'
    const family = opts.font.family ?? 'Inter'
    this.faces = FACES[family]
    const pdf = new jsPDF({
      unit: 'pt',
      format: [pageW, pageH],
      orientation: 'portrait',
      compress: true,
      // Only the embedded fonts: no references to the 14 standard fonts.
      putOnlyUsedFonts: true,
    })
    pdf.addFileToVFS(`${family}-Regular.ttf`, latin1(opts.font.regular))
    pdf.addFont(`${family}-Regular.ttf`, this.faces.regular, 'normal')
    pdf.addFileToVFS(`${family}-SemiBold.ttf`, latin1(opts.font.bold))
    pdf.addFont(`${family}-SemiBold.ttf`, this.faces.bold, 'normal')
    pdf.setProperties({
      title: sheet.title,
      subject: sheet.subject,
      author: sheet.author,
      creator: 'Folio',
    })
    pdf.setLanguage(PDF_LANGUAGE[sheet.locale])
    this.pdf = pdf
  }

  setType(face: Face, size: number, color: Rgb = INK) {
    this.pdf.setFont(face === 'bold' ? this.faces.bold : this.faces.regular, 'normal')
    this.pdf.setFontSize(size)
    this.pdf.setTextColor(color[0], color[1], color[2])
  }
  /** Arabic as it is drawn: letters in their joined forms (jsPDF shapes them when drawing). */
  private shaped(s: string) {
    return this.rtl ? this.pdf.processArabic(s.replace(BIDI_MARKS, '')) : s
  }
  width(s: string) {
    return this.pdf.getTextWidth(this.shaped(s))
  }
  lineH(size: number) {
    return size * LEADING
  }
  /** The page x of a box starting at `x`, `w` wide. */
  mx(x: number, w = 0) {
    return this.rtl ? this.pageW - x - w : x
  }
  private side(align: Align): Align {
    return !this.rtl || align === 'center' ? align : align === 'left' ? 'right' : 'left'
  }
  /** One line of text whose line box starts at `top`. */
  text(s: string, x: number, top: number, align: Align = 'left') {
    if (!s) return
    const size = this.pdf.getFontSize()
    const baseline = top + (this.lineH(size) - size) / 2 + size * 0.94
    const w = this.width(s)
    const a = this.side(align)
    const px = this.mx(x)
    const at = a === 'right' ? px - w : a === 'center' ? px - w / 2 : px
    this.pdf.text(this.rtl ? s.replace(BIDI_MARKS, '') : s, at, baseline)
  }
  /** Lines as the sheet's whitespace-pre-line shows them: kept newlines, wrapped to `maxW`. */
  wrap(s: string, maxW: number): string[] {
    const out: string[] = []
    for (const para of s.replace(/\r\n?/g, '\n').split('\n')) {
      const trimmed = para.replace(/\s+/g, ' ').trim()
      if (!trimmed) {
        out.push('')
        continue
      }
      out.push(...(this.pdf.splitTextToSize(trimmed, maxW) as string[]))
    }
    while (out.length && out[out.length - 1] === '') out.pop()
    return out
  }
  rule(y: number, x1: number, x2: number, color: Rgb, w = 0.6) {
    this.pdf.setDrawColor(color[0], color[1], color[2])
    this.pdf.setLineWidth(w)
    this.pdf.line(this.mx(x1), y, this.mx(x2), y)
  }
  newPage() {
    this.pdf.addPage([this.pageW, this.pageH], 'portrait')
    if (this.watermark) paintWatermark(this, this.watermark)
    this.y = MARGIN_TOP
  }
  /** Starts a new page unless `h` points fit below the cursor. */
  ensure(h: number) {
    if (this.y + h > this.bottom && this.y > MARGIN_TOP) this.newPage()
  }
  /** Blocks of a heading and wrapped lines, side by side in equal columns, flowing over pages. */
  columnsOfText(blocks: TextColumn[]) {
    if (!blocks.length) return
    const { left, rowLine } = this
    const gap = 24
    const colW = (this.contentW - gap * (blocks.length - 1)) / blocks.length
    this.setType('regular', BODY, TEXT_700)
    const bodies = blocks.map((b) => this.wrap(b.body, colW))
    const most = Math.max(...bodies.map((b) => b.length))
    const headH = this.lineH(LABEL) + 2
    const wholeH = headH + most * rowLine
    // Kept together when it fits on a page; otherwise the heading keeps at least two lines.
    this.ensure(wholeH <= this.bottom - MARGIN_TOP ? wholeH : headH + 2 * rowLine)
    this.setType('bold', LABEL, MUTED)
    blocks.forEach((b, i) => this.text(b.heading, left + i * (colW + gap), this.y))
    this.y += headH
    this.setType('regular', BODY, TEXT_700)
    for (let i = 0; i < most; i++) {
      if (this.y + rowLine > this.bottom) {
        this.newPage()
        this.setType('regular', BODY, TEXT_700)
      }
      bodies.forEach((lines, k) => this.text(lines[i] ?? '', left + k * (colW + gap), this.y))
      this.y += rowLine
    }
    this.y += 18
  }
}

/** DRAFT, VOID or PAID across the page (this one, and each new one). */
function paintWatermark(pen: Pen, block: Extract<SheetBlock, { kind: 'watermark' }>) {
  pen.watermark = block
  const { pdf, pageW, pageH } = pen
  const size = 110
  pen.setType('bold', size, block.tone === 'green' ? WATERMARK_GREEN : WATERMARK_GREY)
  // A long word (STORNIERT, BROUILLON) is set smaller so it stays on the page.
  const fit = Math.min(size, (size * (pageW * 0.8)) / pen.width(block.word))
  pdf.setFontSize(fit)
  const w = pen.width(block.word)
  const capHalf = fit * 0.36
  const a = (30 * Math.PI) / 180
  // Centre the rotated word on the page: start = centre − (w/2)·along − (cap/2)·up.
  const x = pageW / 2 - (w / 2) * Math.cos(a) + capHalf * Math.sin(a)
  const y = pageH / 2 + (w / 2) * Math.sin(a) + capHalf * Math.cos(a)
  pdf.text(block.word, x, y, { angle: 30 })
}

/** A party's lines under its name: contact, address, place, country, IDs. */
function partyLines(p: Party): string[] {
  return [p.contact, p.address, p.place, p.country, ...p.ids.map((id) => id.text)]
}

/** A table of amounts: caption, heads, rows; the first column named, the last two amounts. */
function amountColumns(pen: Pen, t: AmountTable) {
  return (i: number) =>
    Math.max(pen.width(t.heads[i] ?? ''), ...t.rows.map((r) => pen.width(r.cells[i] ?? '')))
}

const PAINTERS: Painters = {
  watermark: paintWatermark,

  // The seller (left), the title and dates (right).
  heading(pen, block) {
    const { pdf, left, right, partyW } = pen
    const headerTop = pen.y
    let ly = headerTop
    const logo = pen.opts.logo
    if (logo) {
      try {
        const props = pdf.getImageProperties(logo.bytes)
        const scale = Math.min(48 / props.height, 144 / props.width, 1)
        const w = props.width * scale
        const h = props.height * scale
        pdf.addImage(logo.bytes, logo.type === 'png' ? 'PNG' : 'JPEG', pen.mx(left, w), ly, w, h)
        ly += h + 9
      } catch {
        // An image jsPDF cannot read: the document is complete without it.
      }
    }
    pen.setType('bold', 12.5)
    for (const l of pen.wrap(block.seller.name, partyW)) {
      pen.text(l, left, ly)
      ly += pen.lineH(12.5)
    }
    pen.setType('regular', BODY, MUTED)
    for (const l of pen.wrap(block.seller.address, partyW)) {
      pen.text(l, left, ly)
      ly += pen.lineH(BODY)
    }
    const { place, country, ids } = block.seller
    for (const l of [place, country, ...ids.map((id) => id.text)].filter(Boolean)) {
      pen.text(l, left, ly)
      ly += pen.lineH(BODY)
    }

    let ry = headerTop
    pen.setType('bold', 18)
    pen.text(block.title.text, right, ry, 'right')
    ry += pen.lineH(18) + 4
    pen.setType('regular', BODY, TEXT_700)
    const valueW = Math.max(...block.dates.map((d) => pen.width(d.value)))
    const labelW = Math.max(...block.dates.map((d) => pen.width(d.label)))
    for (const d of block.dates) {
      pen.text(d.label, right - valueW - COL_GAP - labelW, ry)
      pen.text(d.value, right - valueW, ry)
      ry += pen.lineH(BODY)
    }
    pen.y = Math.max(ly, ry) + 20
  },

  // The buyer (left), the amount due or PAID (right).
  billTo(pen, block) {
    const { pdf, left, right, partyW } = pen
    const billTop = pen.y
    let by = billTop
    pen.setType('bold', LABEL, MUTED)
    pen.text(block.caption, left, by)
    by += pen.lineH(LABEL) + 1
    pen.setType('bold', BODY + 0.5)
    for (const l of pen.wrap(block.buyer.name, partyW)) {
      pen.text(l, left, by)
      by += pen.lineH(BODY + 0.5)
    }
    pen.setType('regular', BODY)
    for (const part of partyLines(block.buyer)) {
      for (const l of pen.wrap(part, partyW)) {
        pen.text(l, left, by)
        by += pen.lineH(BODY)
      }
    }

    const { label, amount } = block.status
    const dueBy = block.status.dueBy?.text ?? ''
    pen.setType('bold', LABEL)
    let boxW = pen.width(label)
    pen.setType('bold', 17)
    boxW = Math.max(boxW, pen.width(amount))
    pen.setType('regular', BODY)
    boxW = Math.max(boxW, pen.width(dueBy)) + 36
    const boxH = 12 + pen.lineH(LABEL) + pen.lineH(17) + (dueBy ? pen.lineH(BODY) : 0) + 10
    pdf.setFillColor(PANEL[0], PANEL[1], PANEL[2])
    pdf.roundedRect(pen.mx(right - boxW, boxW), billTop, boxW, boxH, 6, 6, 'F')
    let dy = billTop + 12
    pen.setType('bold', LABEL, MUTED)
    pen.text(label, right - 18, dy, 'right')
    dy += pen.lineH(LABEL)
    pen.setType('bold', 17)
    pen.text(amount, right - 18, dy, 'right')
    dy += pen.lineH(17)
    if (dueBy) {
      pen.setType('regular', BODY, MUTED)
      pen.text(dueBy, right - 18, dy, 'right')
    }
    pen.y = Math.max(by, billTop + boxH) + 26
  },

  // The lines, their header repeated on every page; a row too tall for the page's rest moves.
  lines(pen, block) {
    const { left, right, rowLine } = pen
    const h = block.heads
    const columns: Array<{ header: string; cell: (r: LineRow) => string; width: number }> = [
      { header: h.quantity, cell: (r) => r.quantity, width: 0 },
      { header: h.price, cell: (r) => r.price, width: 0 },
      ...(h.discount === null
        ? []
        : [{ header: h.discount, cell: (r: LineRow) => r.discount, width: 0 }]),
      { header: h.tax, cell: (r) => r.tax, width: 0 },
      { header: h.amount, cell: (r) => r.amount, width: 0 },
    ]
    pen.setType('regular', BODY)
    for (const col of columns) {
      col.width =
        Math.max(pen.width(col.header), ...block.rows.map((r) => pen.width(col.cell(r)))) + COL_GAP
    }
    const descW = Math.max(120, pen.contentW - columns.reduce((n, col) => n + col.width, 0))
    const descTextW = descW - 12
    const headerH = pen.lineH(SMALL + 0.5) + 2 * CELL_PAD_Y

    function tableHeader() {
      pen.setType('regular', SMALL + 0.5, MUTED)
      pen.text(h.description, left, pen.y + CELL_PAD_Y)
      let x = left + descW
      for (const col of columns) {
        x += col.width
        pen.text(col.header, x, pen.y + CELL_PAD_Y, 'right')
      }
      pen.y += headerH
      pen.rule(pen.y, left, right, RULE, 0.8)
    }

    function row(line: LineRow) {
      pen.setType('regular', BODY)
      const desc = pen.wrap(line.description, descTextW)
      if (!desc.length) desc.push('')
      let first = true
      while (desc.length) {
        const room = Math.floor((pen.bottom - pen.y - 2 * CELL_PAD_Y) / rowLine)
        // A row that does not fit moves to the next page whole, unless it is taller than a page.
        const freshPage = pen.y <= MARGIN_TOP + headerH + 1
        if (desc.length > room && !freshPage) {
          pen.newPage()
          tableHeader()
          continue
        }
        const chunk = desc.splice(0, Math.max(1, room))
        pen.setType('regular', BODY)
        chunk.forEach((l, i) => pen.text(l, left, pen.y + CELL_PAD_Y + i * rowLine))
        if (first) {
          let x = left + descW
          for (const col of columns) {
            x += col.width
            pen.text(col.cell(line), x, pen.y + CELL_PAD_Y, 'right')
          }
          first = false
        }
        pen.y += chunk.length * rowLine + 2 * CELL_PAD_Y
        if (!desc.length) pen.rule(pen.y, left, right, RULE_LIGHT)
      }
    }

    pen.ensure(headerH + rowLine + 2 * CELL_PAD_Y)
    tableHeader()
    for (const line of block.rows) row(line)
  },

  // The tax summary (left) and the totals (right), kept together.
  totals(pen, block) {
    const { left, right, rowLine } = pen
    pen.y += 14
    const tax = block.taxSummary
    const totalsH = block.rows.length * rowLine + 6
    const taxH = tax ? pen.lineH(LABEL) + 2 + (tax.rows.length + 1) * rowLine : 0
    pen.ensure(Math.max(totalsH, taxH))
    const blockTop = pen.y

    if (tax) {
      let ty = blockTop
      pen.setType('bold', LABEL, MUTED)
      pen.text(tax.caption, left, ty)
      ty += pen.lineH(LABEL) + 2
      pen.setType('regular', BODY, TEXT_700)
      const widest = amountColumns(pen, tax)
      const rateW = widest(0) + 18
      const netW = widest(1) + 18
      const taxW = widest(2)
      const cells = (cells: string[]) => {
        pen.text(cells[0] ?? '', left, ty)
        pen.text(cells[1] ?? '', left + rateW + netW - 18, ty, 'right')
        pen.text(cells[2] ?? '', left + rateW + netW + taxW, ty, 'right')
        ty += rowLine
      }
      pen.setType('regular', BODY, MUTED)
      cells(tax.heads)
      pen.setType('regular', BODY, TEXT_700)
      for (const r of tax.rows) cells(r.cells)
    }

    pen.setType('bold', BODY)
    const totalsW = Math.max(
      190,
      ...block.rows.map((t) => pen.width(t.label.text) + pen.width(t.amount) + 3 * COL_GAP),
    )
    let sy = blockTop
    for (const t of block.rows) {
      if (t.ruleAbove) {
        pen.rule(sy + 1, right - totalsW, right, RULE)
        sy += 4
      }
      pen.setType(t.strong ? 'bold' : 'regular', BODY)
      pen.text(t.label.text, right - totalsW, sy)
      pen.text(t.amount, right, sy, 'right')
      sy += rowLine
    }
    pen.y = Math.max(sy, blockTop + taxH) + 22
  },

  // A final invoice's deduction: each deposit per rate, then what is still charged.
  deduction(pen, { table }) {
    const { left, right, rowLine } = pen
    pen.setType('bold', BODY)
    const widest = amountColumns(pen, table)
    const netW = widest(2) + 18
    const taxW = widest(3)
    const taxX = right
    const netX = taxX - taxW - 18
    const rateX = netX - netW - widest(1)
    pen.ensure(pen.lineH(LABEL) + 2 + (table.rows.length + 1) * rowLine)
    pen.setType('bold', LABEL, MUTED)
    pen.text(table.caption, left, pen.y)
    pen.y += pen.lineH(LABEL) + 2
    const cells = (cells: string[]) => {
      pen.text(cells[0] ?? '', left, pen.y)
      pen.text(cells[1] ?? '', rateX, pen.y)
      pen.text(cells[2] ?? '', netX, pen.y, 'right')
      pen.text(cells[3] ?? '', taxX, pen.y, 'right')
      pen.y += rowLine
    }
    pen.setType('regular', BODY, MUTED)
    cells(table.heads)
    for (const r of table.rows) {
      pen.ensure(rowLine)
      pen.setType(r.strong ? 'bold' : 'regular', BODY, TEXT_700)
      cells(r.cells)
    }
    pen.y += 22
  },

  vatNote(pen, block) {
    pen.columnsOfText([{ heading: '', body: block.text.text }])
  },

  // Notes and terms (and the VAT note): side by side when there are several.
  notes(pen, block) {
    pen.columnsOfText(block.columns)
  },

  // The customer's answer to a quote.
  answer(pen, block) {
    pen.columnsOfText([{ heading: block.heading, body: block.body }])
  },

  // The payment details, with the QR code.
  payment(pen, block) {
    const { pdf, left, right, contentW, rowLine, rtl } = pen
    const qr = pen.opts.qr && pen.opts.qr.length ? pen.opts.qr : null
    const qrSide = 84
    const module = qr ? qrSide / qr.length : 0
    // The QR code's quiet zone is four modules of white inside the frame.
    const pad = Math.max(12, module * 4 + 2)
    const textH = pen.lineH(LABEL) + 4 + block.rows.length * rowLine
    const qrH = qr ? qrSide + 4 + pen.lineH(LABEL) : 0
    const boxH = Math.max(textH, qrH) + 2 * pad
    pen.ensure(boxH)
    const y = pen.y
    pdf.setDrawColor(RULE[0], RULE[1], RULE[2])
    pdf.setLineWidth(0.8)
    pdf.roundedRect(pen.mx(left, contentW), y, contentW, boxH, 6, 6, 'S')
    let py = y + pad
    pen.setType('bold', LABEL, MUTED)
    pen.text(block.heading, left + 14, py)
    py += pen.lineH(LABEL) + 4
    pen.setType('regular', BODY, MUTED)
    const keyW = Math.max(...block.rows.map((r) => pen.width(r.label))) + 18
    for (const r of block.rows) {
      pen.setType('regular', BODY, MUTED)
      pen.text(r.label, left + 14, py)
      // What the customer types (the IBAN, the reference) in bold.
      pen.setType(r.style === 'iban' || r.style === 'strong' ? 'bold' : 'regular', BODY)
      pen.text(r.value, left + 14 + keyW, py)
      py += rowLine
    }
    if (qr) {
      const qx = right - pad - qrSide
      const qy = y + pad
      pdf.setFillColor(INK[0], INK[1], INK[2])
      for (const run of darkRuns(qr)) {
        // A run of dark modules as one rectangle, a hair wider so no seams show between runs.
        // The code itself is never mirrored: only where it sits.
        const runX = qx + run.start * module
        const runW = run.length * module + 0.01
        pdf.rect(
          rtl ? pen.mx(qx, qrSide) + (runX - qx) : runX,
          qy + run.row * module,
          runW,
          module + 0.01,
          'F',
        )
      }
      pen.setType('regular', LABEL, MUTED)
      pen.text(block.scanLabel, qx + qrSide / 2, qy + qrSide + 4, 'center')
    }
    pen.y += boxH + 18
  },

  // On every page: what this is, and "Page n of m".
  footer(pen, block) {
    const { pdf, left, right, pageH } = pen
    const pages = pdf.getNumberOfPages()
    for (let n = 1; n <= pages; n++) {
      pdf.setPage(n)
      const fy = pageH - 36
      pen.rule(fy - 6, left, right, RULE_LIGHT)
      pen.setType('regular', SMALL, MUTED)
      pen.text(block.text, left, fy)
      pen.text(
        block.page.replace('{page}', String(n)).replace('{pages}', String(pages)),
        right,
        fy,
        'right',
      )
    }
  },
}
