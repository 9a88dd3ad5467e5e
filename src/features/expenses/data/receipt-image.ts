/**
 * A receipt photographed on a phone is often 4000 px wide and several megabytes: it is made
 * smaller on the device before it is sent (or queued offline). Loaded only when a receipt is
 * picked, so the expense screens do not carry it.
 */

/** The longest side of a receipt image as sent: enough to read a till receipt's small print. */
export const MAX_SIDE = 2000
/** The JPEG quality a made-smaller receipt is saved at. */
export const JPEG_QUALITY = 0.8
/** An image already small in pixels is sent as it is while it stays under this size. */
export const KEEP_BYTES = 1_000_000
/** The image types the server keeps as they are (anything else is turned into a JPEG). */
const KEPT_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp'])

export type ReceiptPlan = { kind: 'keep' } | { kind: 'redraw'; width: number; height: number }

/**
 * What is done with a picked file of `type` and `bytes` whose picture is `width` × `height`:
 * a PDF (or anything that is not an image) is sent as it is; an image within MAX_SIDE, of a type
 * the server keeps and under KEEP_BYTES is sent as it is; any other image is drawn again as a
 * JPEG with its longest side at most MAX_SIDE, its proportions kept.
 */
export function planReceipt(
  type: string,
  bytes: number,
  width: number,
  height: number,
): ReceiptPlan {
  if (!type.startsWith('image/')) return { kind: 'keep' }
  const longest = Math.max(width, height)
  if (longest <= MAX_SIDE && KEPT_TYPES.has(type) && bytes <= KEEP_BYTES) return { kind: 'keep' }
  const scale = longest > MAX_SIDE ? MAX_SIDE / longest : 1
  return {
    kind: 'redraw',
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  }
}

/** The file's name with a .jpg ending ("IMG_0042.HEIC" → "IMG_0042.jpg"). */
export const jpegName = (name: string): string =>
  `${name.replace(/\.[^./\\]*$/, '') || 'receipt'}.jpg`

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height)
    const ctx = canvas.getContext('2d')
    if (!ctx) throw new Error('No 2D canvas')
    ctx.drawImage(bitmap, 0, 0, width, height)
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY })
  }
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('No 2D canvas')
  ctx.drawImage(bitmap, 0, 0, width, height)
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (b) => (b ? resolve(b) : reject(new Error('The image could not be encoded'))),
      'image/jpeg',
      JPEG_QUALITY,
    ),
  )
}

/**
 * The receipt as it is sent: a PDF unchanged, an image made smaller when planReceipt says so.
 * An image this browser cannot read (decoding fails) is sent as it is: the server says whether
 * it takes it.
 */
export async function prepareReceipt(file: File): Promise<File> {
  if (!file.type.startsWith('image/')) return file
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    return file
  }
  try {
    const plan = planReceipt(file.type, file.size, bitmap.width, bitmap.height)
    if (plan.kind === 'keep') return file
    const blob = await encode(bitmap, plan.width, plan.height)
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: Date.now() })
  } finally {
    bitmap.close()
  }
}
