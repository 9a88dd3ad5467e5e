// A column of text a row may lack: "—" in its cell, the text (or nothing) under the label.
import { describe, expect, it } from 'vitest'
import { textColumn } from '@/billing/ui/RecordList'

describe('textColumn', () => {
  const column = textColumn<{ reference?: string }>({
    id: 'reference',
    header: 'Reference',
    from: 'xl',
    text: (r) => r.reference,
  })

  it('shows a dash where the row has no text, and nothing under the label', () => {
    expect(column.cell({})).toBe('—')
    expect(column.cell({ reference: '' })).toBe('—')
    expect(column.detail?.({})).toBeUndefined()
  })

  it('shows the text in the cell and under the label', () => {
    expect(column.cell({ reference: 'RF18 5390' })).toBe('RF18 5390')
    expect(column.detail?.({ reference: 'RF18 5390' })).toBe('RF18 5390')
    expect(column.from).toBe('xl')
  })
})
