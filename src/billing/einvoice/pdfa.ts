/**
 * Factur-X: the invoice PDF (jsPDF's, see src/billing/pdf) made a PDF/A-3B file with the CII
 * embedded as factur-x.xml. Done as an incremental update — the original bytes stay as they are
 * and new objects follow them — so no PDF library is needed (pdf-lib alone would be ~250 KB gzip):
 * the catalog gains the XMP metadata (PDF/A identification and the Factur-X extension schema),
 * the sRGB output intent, the embedded file (AFRelationship Alternative) in /AF and the
 * EmbeddedFiles name tree; the document information dictionary is rewritten to match the XMP.
 */
import { latin1 } from '../latin1'
import { SRGB_ICC_BASE64 } from './srgb'

export interface FacturXAttachment {
  xml: string
  /** "EN 16931" for the profile urn:cen.eu:en16931:2017. */
  conformanceLevel: string
  /** Used when the PDF's own information dictionary has no title, author or subject. */
  title: string
  author: string
  subject: string
  now?: Date
}

const FILE_NAME = 'factur-x.xml'
const enc = new TextEncoder()

/** A PDF text string in UTF-16BE (any language), written as a hex string. */
function textString(s: string): string {
  let hex = 'FEFF'
  for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).padStart(4, '0')
  return `<${hex.toUpperCase()}>`
}

/** Reads a literal "( … )" or hex "< … >" string at `at`: its text and where it ends. */
function readString(src: string, at: number): { text: string; end: number } | null {
  if (src[at] === '<') {
    const end = src.indexOf('>', at)
    if (end < 0) return null
    const hex = src.slice(at + 1, end).replace(/\s+/g, '')
    const bytes = (hex.length % 2 ? `${hex}0` : hex).match(/../g)?.map((h) => parseInt(h, 16)) ?? []
    return { text: decodeText(bytes), end: end + 1 }
  }
  if (src[at] !== '(') return null
  const bytes: number[] = []
  let depth = 0
  for (let i = at + 1; i < src.length; i++) {
    const c = src[i] ?? ''
    if (c === '\\') {
      const n = src[i + 1] ?? ''
      const esc: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 }
      if (/[0-7]/.test(n)) {
        const oct = /^[0-7]{1,3}/.exec(src.slice(i + 1, i + 4))?.[0] ?? '0'
        bytes.push(parseInt(oct, 8) & 0xff)
        i += oct.length
      } else if (n === '\r' || n === '\n') {
        i += n === '\r' && src[i + 2] === '\n' ? 2 : 1
      } else {
        bytes.push(esc[n] ?? n.charCodeAt(0))
        i += 1
      }
      continue
    }
    if (c === '(') depth++
    if (c === ')') {
      if (depth === 0) return { text: decodeText(bytes), end: i + 1 }
      depth--
    }
    bytes.push(c.charCodeAt(0))
  }
  return null
}

/** UTF-16BE with a byte order mark, else PDFDocEncoding (read as Latin-1, which it is for text). */
function decodeText(bytes: number[]): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    let s = ''
    for (let i = 2; i + 1 < bytes.length; i += 2)
      s += String.fromCharCode(((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0))
    return s
  }
  return String.fromCharCode(...bytes)
}

/** The body of the dictionary of object `num`, found through the last cross-reference table. */
function objectDict(src: string, offsets: Map<number, number>, num: number): string {
  let at = offsets.get(num)
  if (at === undefined || !src.startsWith(`${num} `, at)) {
    // No usable table entry: the object's last definition in the file.
    at = src.lastIndexOf(`\n${num} 0 obj`) + 1
    if (at <= 0) throw new Error(`Factur-X: object ${num} not found in the PDF`)
  }
  const start = src.indexOf('<<', at)
  const endobj = src.indexOf('endobj', at)
  const end = src.lastIndexOf('>>', endobj)
  if (start < 0 || end < start) throw new Error(`Factur-X: object ${num} is not a dictionary`)
  return src.slice(start + 2, end)
}

interface Trailer {
  size: number
  root: number
  info: number | null
  id: string | null
  xref: number
  offsets: Map<number, number>
}

function readTrailer(src: string): Trailer {
  const sx = src.lastIndexOf('startxref')
  const xref = Number(/startxref\s+(\d+)/.exec(src.slice(sx))?.[1])
  if (sx < 0 || !Number.isFinite(xref)) throw new Error('Factur-X: the PDF has no startxref')
  if (!src.startsWith('xref', xref)) {
    throw new Error('Factur-X: the PDF uses a cross-reference stream (expected a jsPDF file)')
  }
  const tpos = src.indexOf('trailer', xref)
  const table = src.slice(xref + 4, tpos)
  const offsets = new Map<number, number>()
  const rows = table.split(/\r?\n|\r/).map((r) => r.trim())
  let next = 0
  for (const row of rows) {
    const sub = /^(\d+) (\d+)$/.exec(row)
    if (sub) {
      next = Number(sub[1])
      continue
    }
    const entry = /^(\d{10}) (\d{5}) ([nf])$/.exec(row)
    if (entry) {
      if (entry[3] === 'n') offsets.set(next, Number(entry[1]))
      next++
    }
  }
  const trailer = src.slice(tpos, sx)
  const size = Number(/\/Size\s+(\d+)/.exec(trailer)?.[1])
  const root = Number(/\/Root\s+(\d+)\s+\d+\s+R/.exec(trailer)?.[1])
  const info = /\/Info\s+(\d+)\s+\d+\s+R/.exec(trailer)?.[1]
  const id = /\/ID\s*\[\s*(<[0-9A-Fa-f]*>)/.exec(trailer)?.[1] ?? null
  if (!size || !root) throw new Error('Factur-X: the PDF trailer has no /Size or /Root')
  return { size, root, info: info ? Number(info) : null, id, xref, offsets }
}

/** The document information entries PDF/A asks to mirror in XMP. */
function readInfo(dict: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const key of [
    'Title',
    'Author',
    'Subject',
    'Keywords',
    'Creator',
    'Producer',
    'CreationDate',
  ]) {
    const m = new RegExp(`/${key}\\s*(?=[(<])`).exec(dict)
    if (!m) continue
    const s = readString(dict, m.index + m[0].length)
    if (s) out[key] = s.text
  }
  return out
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

/** A moment as both PDF date and XMP date, in UTC. */
function dates(d: Date): { pdf: string; xmp: string } {
  const y = d.getUTCFullYear()
  const [mo, da, h, mi, s] = [
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  ]
  return {
    pdf: `D:${y}${pad(mo)}${pad(da)}${pad(h)}${pad(mi)}${pad(s)}+00'00'`,
    xmp: `${y}-${pad(mo)}-${pad(da)}T${pad(h)}:${pad(mi)}:${pad(s)}+00:00`,
  }
}

/** A PDF date ("D:20260302120000+01'00'") as a Date; null when it is not one. */
function parsePdfDate(s: string | undefined): Date | null {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?)?/.exec(
    s ?? '',
  )
  if (!m) return null
  const [, y, mo = '01', d = '01', h = '00', mi = '00', se = '00', tz = 'Z'] = m
  const zone = tz === 'Z' ? 'Z' : `${tz.slice(0, 3)}:${tz.replace(/'/g, '').slice(3, 5)}`
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${se}${zone}`)
  return Number.isNaN(date.getTime()) ? null : date
}

const xmlText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function xmp(info: Record<string, string>, created: string, modified: string, level: string) {
  const alt = (tag: string, v: string | undefined) =>
    v
      ? `<${tag}><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(v)}</rdf:li></rdf:Alt></${tag}>`
      : ''
  const prop = (name: string, description: string) =>
    `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name>` +
    '<pdfaProperty:valueType>Text</pdfaProperty:valueType>' +
    '<pdfaProperty:category>external</pdfaProperty:category>' +
    `<pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`
  const fx = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#'
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">',
    '<pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance>',
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<dc:format>application/pdf</dc:format>',
    alt('dc:title', info.Title),
    info.Author
      ? `<dc:creator><rdf:Seq><rdf:li>${xmlText(info.Author)}</rdf:li></rdf:Seq></dc:creator>`
      : '',
    alt('dc:description', info.Subject),
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">',
    info.Producer ? `<pdf:Producer>${xmlText(info.Producer)}</pdf:Producer>` : '',
    info.Keywords ? `<pdf:Keywords>${xmlText(info.Keywords)}</pdf:Keywords>` : '',
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">',
    info.Creator ? `<xmp:CreatorTool>${xmlText(info.Creator)}</xmp:CreatorTool>` : '',
    `<xmp:CreateDate>${created}</xmp:CreateDate>`,
    `<xmp:ModifyDate>${modified}</xmp:ModifyDate>`,
    `<xmp:MetadataDate>${modified}</xmp:MetadataDate>`,
    '</rdf:Description>',
    '<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"' +
      ' xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"' +
      ' xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">',
    '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">',
    '<pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>',
    `<pdfaSchema:namespaceURI>${fx}</pdfaSchema:namespaceURI>`,
    '<pdfaSchema:prefix>fx</pdfaSchema:prefix>',
    '<pdfaSchema:property><rdf:Seq>',
    prop('DocumentFileName', 'The name of the embedded XML document'),
    prop(
      'DocumentType',
      'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER',
    ),
    prop('Version', 'The actual version of the standard applying to the embedded XML document'),
    prop('ConformanceLevel', 'The conformance level of the embedded XML document'),
    '</rdf:Seq></pdfaSchema:property>',
    '</rdf:li></rdf:Bag></pdfaExtension:schemas>',
    '</rdf:Description>',
    `<rdf:Description rdf:about="" xmlns:fx="${fx}">`,
    '<fx:DocumentType>INVOICE</fx:DocumentType>',
    `<fx:DocumentFileName>${FILE_NAME}</fx:DocumentFileName>`,
    '<fx:Version>1.0</fx:Version>',
    `<fx:ConformanceLevel>${xmlText(level)}</fx:ConformanceLevel>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ]
    .filter(Boolean)
    .join('\n')
}

/** zlib-wrapped deflate (FlateDecode) where the platform has CompressionStream; else null. */
async function deflate(bytes: Uint8Array): Promise<Uint8Array | null> {
  if (typeof CompressionStream === 'undefined') return null
  const stream = new Blob([bytes as BlobPart])
    .stream()
    .pipeThrough(new CompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

function base64Bytes(b64: string): Uint8Array {
  const bin = atob(b64)
  const out = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
  return out
}

/** Keys this update sets on the catalog; a PDF that already has them is not a jsPDF file. */
const CATALOG_KEYS = ['Metadata', 'OutputIntents', 'AF', 'Names', 'Version']

export async function attachFacturX(pdf: Uint8Array, att: FacturXAttachment): Promise<Uint8Array> {
  const src = latin1(pdf)
  if (!src.startsWith('%PDF-')) throw new Error('Factur-X: not a PDF file')
  if (/\/Encrypt\b/.test(src.slice(src.lastIndexOf('trailer')))) {
    throw new Error('Factur-X: an encrypted PDF cannot be PDF/A')
  }
  const t = readTrailer(src)
  const catalog = objectDict(src, t.offsets, t.root)
  for (const key of CATALOG_KEYS) {
    if (new RegExp(`/${key}\\b`).test(catalog)) {
      throw new Error(`Factur-X: the PDF's catalog already has /${key}`)
    }
  }
  const info = { ...(t.info !== null ? readInfo(objectDict(src, t.offsets, t.info)) : {}) }
  info.Title ||= att.title
  info.Author ||= att.author
  info.Subject ||= att.subject
  const now = dates(att.now ?? new Date())
  const created = dates(parsePdfDate(info.CreationDate) ?? att.now ?? new Date())

  // New objects, numbered from the old /Size; the catalog and the info dictionary keep theirs.
  let next = t.size
  const num = {
    metadata: next++,
    intent: next++,
    icc: next++,
    file: next++,
    spec: next++,
    info: t.info ?? next++,
  }
  const size = next

  const xmlBytes = enc.encode(att.xml)
  const xmlPacked = await deflate(xmlBytes)
  const icc = base64Bytes(SRGB_ICC_BASE64)
  const iccPacked = await deflate(icc)
  const meta = enc.encode(xmp(info, created.xmp, now.xmp, att.conformanceLevel))

  const parts: Uint8Array[] = []
  let length = pdf.length
  const offsets = new Map<number, number>()
  const push = (chunk: string | Uint8Array) => {
    const bytes = typeof chunk === 'string' ? enc.encode(chunk) : chunk
    parts.push(bytes)
    length += bytes.length
  }
  const object = (n: number, body: string) => {
    offsets.set(n, length)
    push(`${n} 0 obj\n${body}\nendobj\n`)
  }
  const stream = (n: number, dict: string, data: Uint8Array) => {
    offsets.set(n, length)
    push(`${n} 0 obj\n<<${dict} /Length ${data.length}>>\nstream\n`)
    push(data)
    push('\nendstream\nendobj\n')
  }

  // jsPDF's file may end without an end-of-line after %%EOF.
  push(src.endsWith('\n') ? '' : '\n')
  stream(num.metadata, '/Type /Metadata /Subtype /XML', meta)
  object(
    num.intent,
    '<</Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier (sRGB IEC61966-2.1)' +
      ` /Info (sRGB IEC61966-2.1) /DestOutputProfile ${num.icc} 0 R>>`,
  )
  stream(num.icc, `/N 3${iccPacked ? ' /Filter /FlateDecode' : ''}`, iccPacked ?? icc)
  stream(
    num.file,
    `/Type /EmbeddedFile /Subtype /text#2Fxml${xmlPacked ? ' /Filter /FlateDecode' : ''}` +
      ` /Params <</Size ${xmlBytes.length} /ModDate (${now.pdf})>>`,
    xmlPacked ?? xmlBytes,
  )
  object(
    num.spec,
    `<</Type /Filespec /F (${FILE_NAME}) /UF ${textString(FILE_NAME)}` +
      ` /Desc (Factur-X invoice) /AFRelationship /Alternative` +
      ` /EF <</F ${num.file} 0 R /UF ${num.file} 0 R>>>>`,
  )
  const infoEntries = Object.entries(info)
    .filter(([k]) => k !== 'CreationDate')
    .map(([k, v]) => `/${k} ${textString(v)}`)
  object(
    num.info,
    `<<${infoEntries.join(' ')} /CreationDate (${created.pdf}) /ModDate (${now.pdf})>>`,
  )
  object(
    t.root,
    `<<${catalog.trim()}\n/Version /1.7 /Metadata ${num.metadata} 0 R` +
      ` /OutputIntents [${num.intent} 0 R] /AF [${num.spec} 0 R]` +
      ` /Names <</EmbeddedFiles <</Names [(${FILE_NAME}) ${num.spec} 0 R]>>>>>>`,
  )

  // The update's cross-reference table: one subsection per run of consecutive numbers.
  const xrefAt = length
  const nums = [...offsets.keys()].sort((a, b) => a - b)
  let table = 'xref\n'
  for (let i = 0; i < nums.length;) {
    let j = i
    while (j + 1 < nums.length && nums[j + 1] === (nums[j] ?? 0) + 1) j++
    table += `${nums[i]} ${j - i + 1}\n`
    for (let k = i; k <= j; k++)
      table += `${String(offsets.get(nums[k] ?? 0)).padStart(10, '0')} 00000 n \n`
    i = j + 1
  }
  const id =
    t.id ??
    `<${[...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')}>`
  push(
    `${table}trailer\n<</Size ${size} /Root ${t.root} 0 R /Info ${num.info} 0 R` +
      ` /ID [${id} ${id}] /Prev ${t.xref}>>\nstartxref\n${xrefAt}\n%%EOF\n`,
  )

  const out = new Uint8Array(length)
  out.set(pdf, 0)
  let at = pdf.length
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
