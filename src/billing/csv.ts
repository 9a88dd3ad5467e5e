/**
 * CSV as spreadsheets open it: UTF-8 with a byte-order mark (Excel otherwise guesses the
 * encoding), CRLF line ends, RFC 4180 quoting. Text that a spreadsheet would run as a formula
 * (=, +, -, @ at the start) gets a leading apostrophe; numbers are written as they are.
 */
export interface CsvColumn<T> {
  header: string
  value: (row: T) => string | number | boolean | null | undefined
}

const BOM = '\uFEFF'

function cell(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return ''
  let s = String(v)
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(',')]
  for (const r of rows) lines.push(columns.map((c) => cell(c.value(r))).join(','))
  return `${BOM}${lines.join('\r\n')}\r\n`
}

/** Offers a file to the user (the browser's download). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  downloadBlob(filename, new Blob([text], { type }))
}

/** Offers a file's bytes to the user (the browser's download). */
export function downloadBlob(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
