// The printed document, made from the stored records: the same cases as the server's
// buildPrintable (tests/vectors/printable.json, read by printable_vectors_test.go too).
import { describe, expect, it } from 'vitest'
import { printableOf, printableVectors } from './printable-vectors'

describe('the printable document (tests/vectors/printable.json)', () => {
  it.each(printableVectors.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(printableOf(c)).toEqual(c.printable)
  })
})
