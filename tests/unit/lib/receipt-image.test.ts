// What happens to a receipt picked on a phone before it is sent: a PDF as it is, a small image
// as it is, a big or unusual one drawn again as a JPEG no longer than MAX_SIDE on its longest side.
import { describe, expect, it } from 'vitest'
import { KEEP_BYTES, MAX_SIDE, jpegName, planReceipt } from '@/features/expenses/data/receipt-image'

describe('planReceipt', () => {
  it('keeps a PDF whatever its size', () => {
    expect(planReceipt('application/pdf', 9_000_000, 0, 0)).toEqual({ kind: 'keep' })
  })

  it('keeps a small JPEG, PNG or WebP as it is', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp'])
      expect(planReceipt(type, 300_000, 1200, 1600)).toEqual({ kind: 'keep' })
    expect(planReceipt('image/jpeg', KEEP_BYTES, MAX_SIDE, MAX_SIDE)).toEqual({ kind: 'keep' })
  })

  it('makes a phone photo 2000 px on its longest side, proportions kept', () => {
    expect(planReceipt('image/jpeg', 4_200_000, 3000, 4000)).toEqual({
      kind: 'redraw',
      width: 1500,
      height: 2000,
    })
    expect(planReceipt('image/jpeg', 4_200_000, 4032, 3024)).toEqual({
      kind: 'redraw',
      width: 2000,
      height: 1500,
    })
    expect(planReceipt('image/png', 100, MAX_SIDE + 1, 10)).toEqual({
      kind: 'redraw',
      width: MAX_SIDE,
      height: 10,
    })
  })

  it('never makes a side 0 px, even for a very long thin image', () => {
    expect(planReceipt('image/jpeg', 2_000_000, 40_000, 5)).toEqual({
      kind: 'redraw',
      width: 2000,
      height: 1,
    })
  })

  it('redraws a heavy image at its own size, and turns other types into a JPEG', () => {
    expect(planReceipt('image/png', KEEP_BYTES + 1, 1800, 1200)).toEqual({
      kind: 'redraw',
      width: 1800,
      height: 1200,
    })
    expect(planReceipt('image/heic', 200_000, 1000, 800)).toEqual({
      kind: 'redraw',
      width: 1000,
      height: 800,
    })
  })
})

describe('jpegName', () => {
  it('ends the name in .jpg', () => {
    expect(jpegName('IMG_0042.HEIC')).toBe('IMG_0042.jpg')
    expect(jpegName('scan.final.png')).toBe('scan.final.jpg')
    expect(jpegName('photo')).toBe('photo.jpg')
    expect(jpegName('.png')).toBe('receipt.jpg')
  })
})
