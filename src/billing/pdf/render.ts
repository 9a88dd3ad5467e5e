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
import { docFormat } from '@/billing/doc-format'
import { formatIban } from '@/billing/payment-code'
import { documentLocale } from '@/billing/document-language'
import type { PrintableDocument } from '@/billing/printable'
import { deductionLines, headingKeys, settlementLines } from '@/billing/settlement-rows'
import { docTranslator, isRtlLocale, type DocTranslate } from '@/lib/i18n'
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

type Line = PrintableDocument['items'][number]
type Face = 'regular' | 'bold'
type Align = 'left' | 'right' | 'center'

interface Column {
  header: string
  cell: (line: Line) => string
  width: number
}

/** TrueType bytes as the binary string jsPDF's virtual file system takes. */
function binaryString(bytes: Uint8Array): string {
  let s = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return s
}

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

function layout(doc: PrintableDocument, opts: RenderPdfOptions, dt: DocTranslate): Uint8Array {
  const [pageW, pageH] = PAPER_SIZES[opts.paper]
  if (!isTrueType(opts.font.regular) || !isTrueType(opts.font.bold)) {
    throw new Error('The PDF fonts must be TrueType (.ttf) files.')
  }
  const locale = documentLocale(doc)
  const rtl = isRtlLocale(locale)
  const f = docFormat(locale)
  const family = opts.font.family ?? 'Inter'
  const REGULAR = FACES[family].regular
  const BOLD = FACES[family].bold
  const pdf = new jsPDF({
    unit: 'pt',
    format: [pageW, pageH],
    orientation: 'portrait',
    compress: true,
    // Only the embedded fonts: no references to the 14 standard fonts.
    putOnlyUsedFonts: true,
  })
  pdf.addFileToVFS(`${family}-Regular.ttf`, binaryString(opts.font.regular))
  pdf.addFont(`${family}-Regular.ttf`, REGULAR, 'normal')
  pdf.addFileToVFS(`${family}-SemiBold.ttf`, binaryString(opts.font.bold))
  pdf.addFont(`${family}-SemiBold.ttf`, BOLD, 'normal')

  const invoice = doc.kind === 'invoice'
  const credit = doc.kind === 'credit_note'
  const keys = headingKeys(doc)
  const title = dt(keys.kind)
  const heading = doc.number ? dt(keys.heading, { number: doc.number }) : title
  const c = doc.currency || 'EUR'
  const money = (cents: number) => f.money(cents, c)
  const date = (value: string | null | undefined) => f.date(value)
  const left = MARGIN_X
  const right = pageW - MARGIN_X
  const contentW = right - left
  const bottom = pageH - MARGIN_BOTTOM
  const watermark: { word: string; paid: boolean } | null =
    doc.status === 'draft'
      ? { word: dt('doc.watermark.draft'), paid: false }
      : doc.status === 'void'
        ? { word: dt('doc.watermark.void'), paid: false }
        : invoice && doc.status === 'paid'
          ? { word: dt('doc.watermark.paid'), paid: true }
          : null

  pdf.setProperties({
    title: heading,
    subject: doc.buyer.name
      ? dt('doc.pdf.subject', { heading, customer: doc.buyer.name })
      : heading,
    author: doc.seller.company_name,
    creator: 'Folio',
  })
  pdf.setLanguage(PDF_LANGUAGE[locale])

  // ---- Drawing helpers -------------------------------------------------------------------------

  function setType(face: Face, size: number, color: Rgb = INK) {
    pdf.setFont(face === 'bold' ? BOLD : REGULAR, 'normal')
    pdf.setFontSize(size)
    pdf.setTextColor(color[0], color[1], color[2])
  }
  /** Arabic as it is drawn: letters in their joined forms (jsPDF shapes them when drawing). */
  const shaped = (s: string) => (rtl ? pdf.processArabic(s.replace(BIDI_MARKS, '')) : s)
  const width = (s: string) => pdf.getTextWidth(shaped(s))
  const lineH = (size: number) => size * LEADING
  // The layout is written left to right; an Arabic document mirrors it as it is drawn: `x` is
  // measured from the start side, and 'left' is the start.
  /** The page x of a box starting at `x`, `w` wide. */
  const mx = (x: number, w = 0) => (rtl ? pageW - x - w : x)
  const side = (align: Align): Align =>
    !rtl || align === 'center' ? align : align === 'left' ? 'right' : 'left'
  /** One line of text whose line box starts at `top`. */
  function text(s: string, x: number, top: number, align: Align = 'left') {
    if (!s) return
    const size = pdf.getFontSize()
    const baseline = top + (lineH(size) - size) / 2 + size * 0.94
    const w = width(s)
    const a = side(align)
    const px = mx(x)
    const at = a === 'right' ? px - w : a === 'center' ? px - w / 2 : px
    pdf.text(rtl ? s.replace(BIDI_MARKS, '') : s, at, baseline)
  }
  /** Lines as the sheet's whitespace-pre-line shows them: kept newlines, wrapped to `maxW`. */
  function wrap(s: string, maxW: number): string[] {
    const out: string[] = []
    for (const para of s.replace(/\r\n?/g, '\n').split('\n')) {
      const trimmed = para.replace(/\s+/g, ' ').trim()
      if (!trimmed) {
        out.push('')
        continue
      }
      out.push(...(pdf.splitTextToSize(trimmed, maxW) as string[]))
    }
    while (out.length && out[out.length - 1] === '') out.pop()
    return out
  }
  function rule(y: number, x1: number, x2: number, color: Rgb, w = 0.6) {
    pdf.setDrawColor(color[0], color[1], color[2])
    pdf.setLineWidth(w)
    pdf.line(mx(x1), y, mx(x2), y)
  }

  function drawWatermark() {
    if (!watermark) return
    const size = 110
    setType('bold', size, watermark.paid ? WATERMARK_GREEN : WATERMARK_GREY)
    // A long word (STORNIERT, BROUILLON) is set smaller so it stays on the page.
    const fit = Math.min(size, (size * (pageW * 0.8)) / width(watermark.word))
    pdf.setFontSize(fit)
    const w = width(watermark.word)
    const capHalf = fit * 0.36
    const a = (30 * Math.PI) / 180
    // Centre the rotated word on the page: start = centre − (w/2)·along − (cap/2)·up.
    const x = pageW / 2 - (w / 2) * Math.cos(a) + capHalf * Math.sin(a)
    const y = pageH / 2 + (w / 2) * Math.sin(a) + capHalf * Math.cos(a)
    pdf.text(watermark.word, x, y, { angle: 30 })
  }

  let y = MARGIN_TOP
  function newPage() {
    pdf.addPage([pageW, pageH], 'portrait')
    drawWatermark()
    y = MARGIN_TOP
  }
  /** Starts a new page unless `h` points fit below the cursor. */
  function ensure(h: number) {
    if (y + h > bottom && y > MARGIN_TOP) newPage()
  }

  drawWatermark()

  // ---- Header: seller (left), title and dates (right) -------------------------------------------

  const headerTop = y
  const sellerW = contentW * 0.55
  let ly = headerTop
  if (opts.logo) {
    try {
      const props = pdf.getImageProperties(opts.logo.bytes)
      const scale = Math.min(48 / props.height, 144 / props.width, 1)
      const w = props.width * scale
      const h = props.height * scale
      pdf.addImage(
        opts.logo.bytes,
        opts.logo.type === 'png' ? 'PNG' : 'JPEG',
        mx(left, w),
        ly,
        w,
        h,
      )
      ly += h + 9
    } catch {
      // An image jsPDF cannot read: the document is complete without it.
    }
  }
  setType('bold', 12.5)
  for (const l of wrap(doc.seller.company_name || dt('doc.seller.placeholder'), sellerW)) {
    text(l, left, ly)
    ly += lineH(12.5)
  }
  setType('regular', BODY, MUTED)
  for (const l of wrap(doc.seller.company_address, sellerW)) {
    text(l, left, ly)
    ly += lineH(BODY)
  }
  for (const l of [
    [doc.seller.postal_code, doc.seller.city].filter(Boolean).join(' '),
    doc.seller.country ? f.country(doc.seller.country) : '',
    doc.seller.company_tax_id ? dt('doc.party.taxId', { id: doc.seller.company_tax_id }) : '',
    doc.seller.vat_id ? dt('doc.party.vatId', { id: doc.seller.vat_id }) : '',
  ].filter(Boolean)) {
    text(l, left, ly)
    ly += lineH(BODY)
  }

  let ry = headerTop
  setType('bold', 18)
  text(heading, right, ry, 'right')
  ry += lineH(18) + 4
  const dates: Array<[string, string]> = [
    [dt(invoice ? 'doc.dates.issued.invoice' : 'doc.dates.issued.quote'), date(doc.issue_date)],
  ]
  if (invoice) dates.push([dt('doc.dates.due'), date(doc.due_date)])
  else if (doc.expiry_date) dates.push([dt('doc.dates.validUntil'), date(doc.expiry_date)])
  if (credit && doc.credits_invoice) dates.push([dt('doc.creditNote.invoice'), doc.credits_invoice])
  setType('regular', BODY, TEXT_700)
  const valueW = Math.max(...dates.map(([, v]) => width(v)))
  const labelW = Math.max(...dates.map(([k]) => width(k)))
  for (const [k, v] of dates) {
    text(k, right - valueW - COL_GAP - labelW, ry)
    text(v, right - valueW, ry)
    ry += lineH(BODY)
  }
  y = Math.max(ly, ry) + 20

  // ---- Bill to (left), amount due (right) -------------------------------------------------------

  const billTop = y
  let by = billTop
  setType('bold', LABEL, MUTED)
  text(f.upper(dt('doc.billTo')), left, by)
  by += lineH(LABEL) + 1
  setType('bold', BODY + 0.5)
  for (const l of wrap(doc.buyer.name || '—', sellerW)) {
    text(l, left, by)
    by += lineH(BODY + 0.5)
  }
  setType('regular', BODY)
  const buyerLines = [
    doc.buyer.contact_name,
    doc.buyer.address,
    [doc.buyer.postal_code, doc.buyer.city].filter(Boolean).join(' '),
    doc.buyer.country ? f.country(doc.buyer.country) : '',
    doc.buyer.tax_id ? dt('doc.party.taxId', { id: doc.buyer.tax_id }) : '',
  ]
  for (const part of buyerLines) {
    for (const l of wrap(part, sellerW)) {
      text(l, left, by)
      by += lineH(BODY)
    }
  }

  // A paid invoice's box says PAID with the total that was paid, as the sheet does, not
  // "Amount due 0.00".
  const paidInFull = invoice && doc.status === 'paid'
  const due = invoice && !paidInFull ? doc.balance_cents : doc.total_cents
  const dueLabel = paidInFull
    ? f.upper(dt('doc.watermark.paid'))
    : f.upper(dt(invoice ? 'doc.amountDue' : credit ? 'doc.creditNote.total' : 'doc.total'))
  const dueAmount = money(due)
  const dueBy = invoice && !paidInFull ? dt('doc.dueBy', { date: date(doc.due_date) }) : ''
  setType('bold', LABEL)
  let boxW = width(dueLabel)
  setType('bold', 17)
  boxW = Math.max(boxW, width(dueAmount))
  setType('regular', BODY)
  boxW = Math.max(boxW, width(dueBy)) + 36
  const boxH = 12 + lineH(LABEL) + lineH(17) + (dueBy ? lineH(BODY) : 0) + 10
  pdf.setFillColor(PANEL[0], PANEL[1], PANEL[2])
  pdf.roundedRect(mx(right - boxW, boxW), billTop, boxW, boxH, 6, 6, 'F')
  let dy = billTop + 12
  setType('bold', LABEL, MUTED)
  text(dueLabel, right - 18, dy, 'right')
  dy += lineH(LABEL)
  setType('bold', 17)
  text(dueAmount, right - 18, dy, 'right')
  dy += lineH(17)
  if (dueBy) {
    setType('regular', BODY, MUTED)
    text(dueBy, right - 18, dy, 'right')
  }
  y = Math.max(by, billTop + boxH) + 26

  // ---- Lines ------------------------------------------------------------------------------------

  const items = doc.items ?? []
  const anyDiscount = items.some((l) => l.discount_percent)
  const quantity = new Intl.NumberFormat(f.intl, { maximumFractionDigits: 4, useGrouping: false })
  const columns: Column[] = [
    {
      header: dt('doc.lines.qty'),
      cell: (l) => `${quantity.format(l.quantity)}${l.unit ? ` ${l.unit}` : ''}`,
      width: 0,
    },
    { header: dt('doc.lines.price'), cell: (l) => money(l.unit_price_cents), width: 0 },
    ...(anyDiscount
      ? [
          {
            header: dt('doc.lines.discount'),
            cell: (l: Line) => (l.discount_percent ? f.percent(l.discount_percent) : ''),
            width: 0,
          },
        ]
      : []),
    { header: dt('doc.lines.tax'), cell: (l) => f.percent(l.tax_rate || 0), width: 0 },
    { header: dt('doc.lines.amount'), cell: (l) => money(l.net_cents), width: 0 },
  ]
  setType('regular', BODY)
  for (const col of columns) {
    col.width = Math.max(width(col.header), ...items.map((l) => width(col.cell(l)))) + COL_GAP
  }
  const descW = Math.max(120, contentW - columns.reduce((n, col) => n + col.width, 0))
  const descTextW = descW - 12
  const rowLine = lineH(BODY)

  const headerH = lineH(SMALL + 0.5) + 2 * CELL_PAD_Y
  function tableHeader() {
    setType('regular', SMALL + 0.5, MUTED)
    text(dt('doc.lines.description'), left, y + CELL_PAD_Y)
    let x = left + descW
    for (const col of columns) {
      x += col.width
      text(col.header, x, y + CELL_PAD_Y, 'right')
    }
    y += headerH
    rule(y, left, right, RULE, 0.8)
  }

  function row(line: Line) {
    setType('regular', BODY)
    const desc = wrap(line.description, descTextW)
    if (!desc.length) desc.push('')
    let first = true
    while (desc.length) {
      const room = Math.floor((bottom - y - 2 * CELL_PAD_Y) / rowLine)
      // A row that does not fit moves to the next page whole, unless it is taller than a page.
      const freshPage = y <= MARGIN_TOP + headerH + 1
      if (desc.length > room && !freshPage) {
        newPage()
        tableHeader()
        continue
      }
      const chunk = desc.splice(0, Math.max(1, room))
      setType('regular', BODY)
      chunk.forEach((l, i) => text(l, left, y + CELL_PAD_Y + i * rowLine))
      if (first) {
        let x = left + descW
        for (const col of columns) {
          x += col.width
          text(col.cell(line), x, y + CELL_PAD_Y, 'right')
        }
        first = false
      }
      y += chunk.length * rowLine + 2 * CELL_PAD_Y
      if (!desc.length) rule(y, left, right, RULE_LIGHT)
    }
  }

  ensure(headerH + rowLine + 2 * CELL_PAD_Y)
  tableHeader()
  for (const line of items) row(line)

  // ---- Tax summary (left) and totals (right), kept together -------------------------------------

  y += 14
  const breakdown = doc.tax_breakdown ?? []
  const totals: Array<{ label: string; value: string; strong?: boolean; ruleAbove?: boolean }> = [
    { label: dt('doc.totals.subtotal'), value: money(doc.subtotal_cents) },
  ]
  if (doc.discount_cents) {
    totals.push({
      label: dt('doc.totals.discount', { percent: f.percent(doc.discount_percent) }),
      value: `−${money(doc.discount_cents)}`,
    })
  }
  totals.push({ label: dt('doc.totals.tax'), value: money(doc.tax_cents) })
  totals.push({
    label: dt('doc.totals.total'),
    value: money(doc.total_cents),
    strong: true,
    ruleAbove: true,
  })
  for (const row of settlementLines(doc, f, dt))
    totals.push({ label: row.label, value: row.amount, strong: row.last })
  const totalsH = totals.length * rowLine + 6
  const taxH = breakdown.length ? lineH(LABEL) + 2 + (breakdown.length + 1) * rowLine : 0
  ensure(Math.max(totalsH, taxH))
  const blockTop = y

  if (breakdown.length) {
    let ty = blockTop
    setType('bold', LABEL, MUTED)
    text(f.upper(dt('doc.taxSummary.heading')), left, ty)
    ty += lineH(LABEL) + 2
    setType('regular', BODY, TEXT_700)
    const rateHead = dt('doc.taxSummary.rate')
    const netHead = dt('doc.taxSummary.net')
    const taxHead = dt('doc.taxSummary.tax')
    const rates = breakdown.map((g) => f.percent(g.rate))
    const nets = breakdown.map((g) => money(g.net_cents))
    const taxes = breakdown.map((g) => money(g.tax_cents))
    const rateW = Math.max(width(rateHead), ...rates.map(width)) + 18
    const netW = Math.max(width(netHead), ...nets.map(width)) + 18
    const taxW = Math.max(width(taxHead), ...taxes.map(width))
    setType('regular', BODY, MUTED)
    text(rateHead, left, ty)
    text(netHead, left + rateW + netW - 18, ty, 'right')
    text(taxHead, left + rateW + netW + taxW, ty, 'right')
    ty += rowLine
    setType('regular', BODY, TEXT_700)
    breakdown.forEach((_, i) => {
      text(rates[i] ?? '', left, ty)
      text(nets[i] ?? '', left + rateW + netW - 18, ty, 'right')
      text(taxes[i] ?? '', left + rateW + netW + taxW, ty, 'right')
      ty += rowLine
    })
  }

  setType('bold', BODY)
  const totalsW = Math.max(190, ...totals.map((t) => width(t.label) + width(t.value) + 3 * COL_GAP))
  let sy = blockTop
  for (const t of totals) {
    if (t.ruleAbove) {
      rule(sy + 1, right - totalsW, right, RULE)
      sy += 4
    }
    setType(t.strong ? 'bold' : 'regular', BODY)
    text(t.label, right - totalsW, sy)
    text(t.value, right, sy, 'right')
    sy += rowLine
  }
  y = Math.max(sy, blockTop + taxH) + 22

  // ---- A final invoice's deduction: each deposit per rate, then what is still charged ----------

  const deduction = deductionLines(doc, f, dt)
  if (deduction.length) {
    const heads = [
      dt('doc.deduction.document'),
      dt('doc.taxSummary.rate'),
      dt('doc.taxSummary.net'),
      dt('doc.taxSummary.tax'),
    ]
    setType('bold', BODY)
    const netW = Math.max(width(heads[2] ?? ''), ...deduction.map((r) => width(r.net))) + 18
    const taxW = Math.max(width(heads[3] ?? ''), ...deduction.map((r) => width(r.tax)))
    const taxX = right
    const netX = taxX - taxW - 18
    const rateW = Math.max(width(heads[1] ?? ''), ...deduction.map((r) => width(r.rate)))
    const rateX = netX - netW - rateW
    ensure(lineH(LABEL) + 2 + (deduction.length + 1) * rowLine)
    setType('bold', LABEL, MUTED)
    text(f.upper(dt('doc.deduction.heading')), left, y)
    y += lineH(LABEL) + 2
    setType('regular', BODY, MUTED)
    text(heads[0] ?? '', left, y)
    text(heads[1] ?? '', rateX, y)
    text(heads[2] ?? '', netX, y, 'right')
    text(heads[3] ?? '', taxX, y, 'right')
    y += rowLine
    for (const r of deduction) {
      ensure(rowLine)
      setType(r.due ? 'bold' : 'regular', BODY, TEXT_700)
      text(r.label, left, y)
      text(r.rate, rateX, y)
      text(r.net, netX, y, 'right')
      text(r.tax, taxX, y, 'right')
      y += rowLine
    }
    y += 22
  }

  // ---- Notes and terms: side by side when both are there ----------------------------------------

  /** Blocks of a heading and wrapped lines, side by side in equal columns, flowing over pages. */
  function columnsOfText(blocks: Array<{ heading: string; body: string }>) {
    if (!blocks.length) return
    const gap = 24
    const colW = (contentW - gap * (blocks.length - 1)) / blocks.length
    setType('regular', BODY, TEXT_700)
    const bodies = blocks.map((b) => wrap(b.body, colW))
    const most = Math.max(...bodies.map((b) => b.length))
    const headH = lineH(LABEL) + 2
    const wholeH = headH + most * rowLine
    // Kept together when it fits on a page; otherwise the heading keeps at least two lines.
    ensure(wholeH <= bottom - MARGIN_TOP ? wholeH : headH + 2 * rowLine)
    setType('bold', LABEL, MUTED)
    blocks.forEach((b, i) => text(b.heading, left + i * (colW + gap), y))
    y += headH
    setType('regular', BODY, TEXT_700)
    for (let i = 0; i < most; i++) {
      if (y + rowLine > bottom) {
        newPage()
        setType('regular', BODY, TEXT_700)
      }
      bodies.forEach((lines, k) => text(lines[i] ?? '', left + k * (colW + gap), y))
      y += rowLine
    }
    y += 18
  }

  const notes: Array<{ heading: string; body: string }> = []
  if (doc.vat_note) notes.push({ heading: f.upper(dt('doc.notes.vat')), body: doc.vat_note })
  if (doc.notes.trim()) notes.push({ heading: f.upper(dt('doc.notes.notes')), body: doc.notes })
  if (doc.terms.trim()) notes.push({ heading: f.upper(dt('doc.notes.terms')), body: doc.terms })
  columnsOfText(notes)

  // ---- The customer's answer to a quote --------------------------------------------------------

  if (!invoice && doc.answer) {
    const a = doc.answer
    const on = date(a.at)
    const body = a.accepted
      ? `${a.name ? dt('doc.answer.acceptedBy', { name: a.name, date: on }) : dt('doc.answer.acceptedByCustomer', { date: on })}${a.note ? `\n${a.note}` : ''}`
      : `${dt('doc.answer.declinedOn', { date: on })}${a.note ? `\n${dt('doc.answer.reason', { note: a.note })}` : ''}`
    columnsOfText([
      { heading: f.upper(dt(a.accepted ? 'doc.answer.accepted' : 'doc.answer.declined')), body },
    ])
  }

  // ---- Payment details with the QR code (invoices) ----------------------------------------------

  if (invoice && doc.payment) {
    const p = doc.payment
    // Label, value, and whether the value is set in bold (what the customer types: IBAN, reference).
    const rows: Array<[string, string, boolean]> = []
    if (p.holder) rows.push([dt('doc.payment.holder'), p.holder, false])
    rows.push([dt('doc.payment.iban'), formatIban(p.iban), true])
    if (p.bic) rows.push([dt('doc.payment.bic'), p.bic, false])
    const reference = p.reference || doc.number
    if (reference) rows.push([dt('doc.payment.reference'), reference, true])
    const qr = opts.qr && opts.qr.length ? opts.qr : null
    const qrSide = 84
    const module = qr ? qrSide / qr.length : 0
    // The QR code's quiet zone is four modules of white inside the frame.
    const pad = Math.max(12, module * 4 + 2)
    const textH = lineH(LABEL) + 4 + rows.length * rowLine
    const qrH = qr ? qrSide + 4 + lineH(LABEL) : 0
    const boxH2 = Math.max(textH, qrH) + 2 * pad
    ensure(boxH2)
    pdf.setDrawColor(RULE[0], RULE[1], RULE[2])
    pdf.setLineWidth(0.8)
    pdf.roundedRect(mx(left, contentW), y, contentW, boxH2, 6, 6, 'S')
    let py = y + pad
    setType('bold', LABEL, MUTED)
    text(f.upper(dt('doc.payment.details')), left + 14, py)
    py += lineH(LABEL) + 4
    setType('regular', BODY, MUTED)
    const keyW = Math.max(...rows.map(([k]) => width(k))) + 18
    for (const [k, v, strong] of rows) {
      setType('regular', BODY, MUTED)
      text(k, left + 14, py)
      setType(strong ? 'bold' : 'regular', BODY)
      text(v, left + 14 + keyW, py)
      py += rowLine
    }
    if (qr) {
      const qx = right - pad - qrSide
      const qy = y + pad
      pdf.setFillColor(INK[0], INK[1], INK[2])
      qr.forEach((modules, r) => {
        let x = 0
        while (x < modules.length) {
          if (!modules[x]) {
            x++
            continue
          }
          const start = x
          while (x < modules.length && modules[x]) x++
          // A run of dark modules as one rectangle, a hair wider so no seams show between runs.
          // The code itself is never mirrored: only where it sits.
          const runX = qx + start * module
          const runW = (x - start) * module + 0.01
          pdf.rect(
            rtl ? mx(qx, qrSide) + (runX - qx) : runX,
            qy + r * module,
            runW,
            module + 0.01,
            'F',
          )
        }
      })
      setType('regular', LABEL, MUTED)
      text(dt('doc.payment.scanToPay'), qx + qrSide / 2, qy + qrSide + 4, 'center')
    }
    y += boxH2 + 18
  }

  // ---- Footer on every page: what this is, and "Page n of m" -----------------------------------

  const pages = pdf.getNumberOfPages()
  for (let n = 1; n <= pages; n++) {
    pdf.setPage(n)
    const fy = pageH - 36
    rule(fy - 6, left, right, RULE_LIGHT)
    setType('regular', SMALL, MUTED)
    text(doc.seller.company_name ? `${heading} · ${doc.seller.company_name}` : heading, left, fy)
    text(dt('doc.pdf.page', { page: n, pages }), right, fy, 'right')
  }

  return new Uint8Array(pdf.output('arraybuffer'))
}
