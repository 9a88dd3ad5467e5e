/**
 * A tiny XML writer for the e-invoices: elements as strings, text escaped, empty optional
 * elements left out (Peppol's R008: no empty elements), two-space indentation.
 */

/** A child: an element's text from el(), or nothing (left out). */
export type Child = string | null | undefined | false | readonly Child[]

type Attrs = Record<string, string | null | undefined>

/**
 * Text as XML character data: & < > " escaped, line breaks as character references (so the
 * indentation never touches a value), characters XML 1.0 cannot carry dropped.
 */
export function escapeXml(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- exactly the control characters XML 1.0 forbids
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/\n/g, '&#10;')
      .replace(/\t/g, '&#9;')
  )
}

function attrText(attrs: Attrs | null): string {
  if (!attrs) return ''
  return Object.entries(attrs)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join('')
}

function flatten(children: readonly Child[]): string[] {
  const out: string[] = []
  for (const c of children) {
    if (Array.isArray(c)) out.push(...flatten(c))
    else if (typeof c === 'string' && c !== '') out.push(c)
  }
  return out
}

/** An element with element children; '' (left out) when it has none. */
export function el(name: string, attrs: Attrs | null, ...children: Child[]): string {
  const inner = flatten(children)
  if (!inner.length) return ''
  const body = inner.join('\n').replace(/^/gm, '  ')
  return `<${name}${attrText(attrs)}>\n${body}\n</${name}>`
}

/** An element that must be there even when it has nothing to say. */
export function required(name: string, ...children: Child[]): string {
  return el(name, null, ...children) || `<${name}/>`
}

/** A text element; '' (left out) when the value is empty. */
export function leaf(
  name: string,
  value: string | null | undefined,
  attrs: Attrs | null = null,
): string {
  if (value === null || value === undefined || value.trim() === '') return ''
  return `<${name}${attrText(attrs)}>${escapeXml(value)}</${name}>`
}

export function xmlDocument(root: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n`
}
