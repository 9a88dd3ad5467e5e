import { api, sentInvoice, signedInId } from '../support/api'
import { expect, signUpVerified, test, uniqueEmail } from '../support/fixtures'

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
  await signUpVerified(page, uniqueEmail('bank'))
  const business = await signedInId(page)
  const customer = await api<{ id: string }>(page, 'POST', '/api/collections/customers/records', {
    business,
    name: 'Harbour Books',
    currency: 'EUR',
  })
  const invoice = await sentInvoice(page, customer.id, business)
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
