// A deposit and a final invoice as printed: the PDF read back by pdftotext (poppler-utils) and the
// HTML sheet, from the e-invoice fixtures (einvoice-fixtures.ts), so what is printed is what the
// e-invoice says.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docFormat } from '@/billing/doc-format'
import { renderDocumentPdf } from '@/billing/pdf'
import { deductionLines, headingKeys, settlementLines } from '@/billing/settlement-rows'
import { docTranslator, type DocTranslate } from '@/lib/i18n'
import { einvoiceCases } from './einvoice-fixtures'
import { fixtureFonts } from './pdf-fixture'

const cases = einvoiceCases()
const final = cases.find((c) => c.printable.deduction)!.printable
const deposit = cases.find((c) => c.printable.deposit)!.printable
const dir = mkdtempSync(join(tmpdir(), 'folio-deposits-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function pdfText(doc: typeof final): Promise<string> {
  const file = join(dir, `${doc.number}.pdf`)
  writeFileSync(file, await renderDocumentPdf(doc, { paper: 'a4', font: fixtureFonts() }))
  const r = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
  if (r.error || r.status !== 0)
    throw new Error(`pdftotext failed: ${r.error?.message ?? r.stderr}`)
  return r.stdout
}

describe('a final invoice as printed', () => {
  const f = docFormat('en')
  let dt: DocTranslate = (k) => k
  beforeAll(async () => {
    dt = await docTranslator('en')
  })

  it('is headed "Final invoice", a deposit "Deposit invoice"', () => {
    expect(dt(headingKeys(final).heading, { number: final.number })).toBe(
      `Final invoice ${final.number}`,
    )
    expect(dt(headingKeys(deposit).heading, { number: deposit.number })).toBe(
      `Deposit invoice ${deposit.number}`,
    )
  })

  it('deducts each deposit per rate, then says what is still charged per rate', () => {
    const lines = deductionLines(final, f, dt)
    const d = final.deduction!
    expect(lines.filter((l) => !l.due)).toHaveLength(d.deposits.flatMap((x) => x.rows).length)
    const due = lines.filter((l) => l.due)
    expect(due).toHaveLength(2)
    for (const [i, r] of d.rows.entries()) {
      expect(r.due_tax_cents).toBe(r.tax_cents - r.deducted_tax_cents)
      expect(due[i]?.tax).toBe(f.money(r.due_tax_cents, 'EUR'))
    }
  })

  it('takes the deposits off the total before the balance', () => {
    const rows = settlementLines(final, f, dt)
    expect(rows.map((r) => r.label)).toEqual(['Deposits paid', 'Balance due'])
    expect(rows[0]?.amount).toBe(`−${f.money(final.deduction!.deducted_cents, 'EUR')}`)
    expect(rows[1]?.amount).toBe(
      f.money(final.total_cents - final.deduction!.deducted_cents, 'EUR'),
    )
  })

  it('shows the deduction in the PDF text', async () => {
    const text = await pdfText(final)
    expect(text).toContain(`Final invoice ${final.number}`)
    expect(text).toMatch(/DEPOSITS DEDUCTED/)
    for (const d of final.deduction!.deposits) expect(text).toContain(d.number)
    expect(text).toContain('Still charged')
    expect(text).toContain('Deposits paid')
    const balance = f.money(final.balance_cents, 'EUR')
    expect(text).toContain(balance)
    expect(await pdfText(deposit)).toContain(`Deposit invoice ${deposit.number}`)
  })
})
