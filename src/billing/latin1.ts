/**
 * Bytes as a Latin-1 string, one character a byte (so offsets are byte offsets): what jsPDF's
 * virtual file system takes for a font, and how the Factur-X step reads a PDF.
 */
export function latin1(bytes: Uint8Array): string {
  let s = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return s
}
