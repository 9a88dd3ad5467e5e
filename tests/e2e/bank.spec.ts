import { api, harbourInvoice } from '../support/api'
import { expect, test } from '../support/fixtures'
import { axeViolations } from '../support/axe'

/** A camt.053.001.08 statement with one booked credit, as a bank exports it. */
function statement(invoiceNumber: string): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>E2E-1</MsgId><CreDtTm>2026-01-21T06:00:00+01:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>E2E-STMT-1</Id>
      <FrToDt><FrDtTm>2026-01-20T00:00:00+01:00</FrDtTm><ToDtTm>2026-01-20T23:59:59+01:00</ToDtTm></FrToDt>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Ntry>
        <Amt Ccy="EUR">100.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-01-20</Dt></BookgDt>
        <ValDt><Dt>2026-01-20</Dt></ValDt>
        <AcctSvcrRef>E2E20260120001</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Amt Ccy="EUR">100.00</Amt>
          <RltdPties><Dbtr><Pty><Nm>HARBOUR BOOKS</Nm></Pty></Dbtr></RltdPties>
          <RmtInf><Ustrd>Invoice ${invoiceNumber} thank you</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <Amt Ccy="EUR">42.00</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>2026-01-20</Dt></BookgDt>
        <AcctSvcrRef>E2E20260120002</AcctSvcrRef>
        <NtryDtls><TxDtls><RltdPties><Cdtr><Pty><Nm>Paper Supplies</Nm></Pty></Cdtr></RltdPties></TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`)
}

test('a camt.053 transfer naming an open invoice is ready to confirm; confirming pays the invoice; importing again adds nothing', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const { invoice } = await harbourInvoice(page, 'bank')
  const file = {
    name: 'statement.xml',
    mimeType: 'application/xml',
    buffer: statement(invoice.number),
  }

  // The sidebar's entry.
  await page.goto('/dashboard')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bank' }).click()
  await expect(page.getByRole('heading', { name: 'Bank', level: 1 })).toBeVisible()
  await page.getByLabel('Import statement').setInputFiles(file)
  await expect(page.getByText('2 new transactions')).toBeVisible()

  const row = page.getByRole('row', { name: /HARBOUR BOOKS/ })
  // (The row's narrow-screen line repeats the state, hidden at this width.)
  const shown = (text: string | RegExp, where = row) =>
    where.getByText(text, { exact: true }).filter({ visible: true })
  await expect(shown('Ready to confirm')).toBeVisible()
  await expect(shown(invoice.number)).toBeVisible()
  await expect(shown(/invoice number in the reference text/)).toBeVisible()
  await expect(shown('Outgoing', page.getByRole('row', { name: /Paper Supplies/ }))).toBeVisible()

  await row.getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Payment recorded')).toBeVisible()
  await expect(shown('Matched')).toBeVisible()

  // The invoice is paid, by the payment the bank transaction recorded.
  await page.goto(`/invoices/${invoice.id}`)
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible()
  const payments = await api<{ items: { bank_transaction: string; amount_cents: number }[] }>(
    page,
    'GET',
    `/api/collections/payments/records?filter=${encodeURIComponent(`invoice='${invoice.id}'`)}`,
  )
  expect(payments.items).toHaveLength(1)
  expect(payments.items[0]?.amount_cents).toBe(10000)
  expect(payments.items[0]?.bank_transaction).not.toBe('')

  // The same statement again: nothing new, nothing twice.
  await page.goto('/bank')
  await page.getByLabel('Import statement').setInputFiles(file)
  await expect(page.getByText('Nothing new, 2 already imported')).toBeVisible()
  await expect(page.getByRole('row', { name: /HARBOUR BOOKS/ })).toHaveCount(1)
})

test("a bank's first CSV asks for its columns (the next one doesn't); a transfer nobody could place is assigned by hand", async ({
  page,
}) => {
  test.setTimeout(120_000)
  const { invoice } = await harbourInvoice(page, 'bankcsv')
  const header =
    '"Auftragskonto";"Buchungstag";"Valutadatum";"Buchungstext";"Verwendungszweck";"Beguenstigter/Zahlungspflichtiger";"Kontonummer/IBAN";"Betrag";"Waehrung"'
  const csv = (row: string) => ({
    name: 'umsaetze.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\r\n${row}\r\n`, 'latin1'),
  })

  await page.goto('/bank')
  await page
    .getByLabel('Import statement')
    .setInputFiles(
      csv(
        '"DE89370400440532013000";"20.01.26";"20.01.26";"GUTSCHRIFT";"Danke für alles";"Fr. Müller";"DE02120300000000202051";"40,00";"EUR"',
      ),
    )
  const mapping = page.getByRole('dialog', { name: 'Which column holds what?' })
  await expect(mapping).toBeVisible()
  // Folio's guess, from the German headers.
  await expect(mapping.getByLabel('Booking date')).toHaveValue('Buchungstag')
  await expect(mapping.getByLabel('Amount (negative when money goes out)')).toHaveValue('Betrag')
  await expect(mapping.getByLabel('Date format')).toHaveValue('DD.MM.YY')
  await expect(mapping.getByLabel('Amounts are written 1.234,56')).toBeChecked()
  await expect(mapping.getByRole('cell', { name: 'Fr. Müller' })).toBeVisible()
  expect(await axeViolations(page), 'the mapping step').toEqual([])
  await mapping.getByRole('button', { name: 'Import with these columns' }).click()
  await expect(page.getByText('1 new transaction')).toBeVisible()
  await expect(mapping).toBeHidden()

  // Nobody could place it: assign it to the invoice by hand (a part of it).
  const row = page.getByRole('row', { name: /Fr\. Müller/ })
  await expect(row.getByText('Unmatched', { exact: true }).filter({ visible: true })).toBeVisible()
  await row.getByRole('button', { name: 'Actions for Fr. Müller' }).click()
  await page.getByRole('menuitem', { name: 'Assign to an invoice…' }).click()
  const assign = page.getByRole('dialog', { name: 'Which invoice does this pay?' })
  await assign.getByLabel('Find an open invoice (number or customer)').fill('Harbour')
  await expect(assign.getByText(invoice.number)).toBeVisible()
  expect(await axeViolations(page), 'the assign dialog').toEqual([])
  await assign.getByRole('button', { name: `Record the payment on ${invoice.number}` }).click()
  await expect(page.getByText('Payment recorded')).toBeVisible()
  await expect(row.getByText('Matched', { exact: true }).filter({ visible: true })).toBeVisible()

  // The same bank's next file: its columns are remembered.
  await page
    .getByLabel('Import statement')
    .setInputFiles(
      csv(
        `"DE89370400440532013000";"21.01.26";"21.01.26";"GUTSCHRIFT";"Rest ${invoice.number}";"Harbour Books";"";"60,00";"EUR"`,
      ),
    )
  await expect(page.getByText('1 new transaction')).toBeVisible()
  await expect(mapping).toBeHidden()
  const rest = page.getByRole('row', { name: /Harbour Books/ })
  await expect(
    rest.getByText('Ready to confirm', { exact: true }).filter({ visible: true }),
  ).toBeVisible()
  await rest.getByRole('button', { name: 'Confirm' }).click()
  await expect(rest.getByText('Matched', { exact: true }).filter({ visible: true })).toBeVisible()
  await page.goto(`/invoices/${invoice.id}`)
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible()
})
