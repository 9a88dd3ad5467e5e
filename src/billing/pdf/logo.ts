/** A seller's logo, already fetched: the PDF draws PNG and JPEG. */
export interface PdfLogo {
  bytes: Uint8Array
  type: 'png' | 'jpeg'
}

/** PNG or JPEG by the file's first bytes; null for anything else (WebP, SVG, GIF, HTML…). */
export function logoType(bytes: Uint8Array): PdfLogo['type'] | null {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  return null
}

/**
 * Fetches a logo for the PDF; null when it cannot be had (offline, gone, not PNG or JPEG): the
 * document is complete without it, as the print sheet is.
 */
export async function loadPdfLogo(url: string): Promise<PdfLogo | null> {
  if (!url) return null
  try {
    const res = await fetch(url)
    if (!res.ok) return null
    const bytes = new Uint8Array(await res.arrayBuffer())
    const type = logoType(bytes)
    return type ? { bytes, type } : null
  } catch {
    return null
  }
}
