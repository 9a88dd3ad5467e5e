import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { api, signedInId } from '../support/api'
import { axeViolations } from '../support/axe'
import { download } from '../support/downloads'
import { harness } from '../support/env'
import { layoutProblems } from '../support/layout'
import { expect, linkIn, signIn, test, uniqueEmail, waitForMail } from '../support/fixtures'

interface TaxRow {
  rate: number
  net_cents: number
  tax_cents: number
}
interface Invoice {
  id: string
  number: string
  status: string
  kind: string
  issue_date: string
  currency: string
  tax_breakdown: TaxRow[] | null
  deposits: { rows?: Array<{ rate: number; due_tax_cents: number }> } | null
}
interface CreditNote {
  number: string
  issue_date: string
  currency: string
  tax_breakdown: TaxRow[] | null
}
interface Payment {
  invoice: string
  date: string
  amount_cents: number
  returned_cents: number | null
}
interface Expense {
  date: string
  currency: string
  vat_lines: Array<{ rate: number; vat_cents: number }> | null
}

const list = async <T>(
  page: Page,
  collection: string,
  filter: string,
  sort = '-created',
): Promise<T[]> =>
  (
    await api<{ items: T[] }>(
      page,
      'GET',
      `/api/collections/${collection}/records?perPage=500&sort=${sort}&filter=${encodeURIComponent(filter)}`,
    )
  ).items

/** The latest issued invoice that charged VAT: its quarter is the one the tests read. */
const latestTaxed = async (page: Page) =>
  (
    await list<Invoice>(
      page,
      'invoices',
      'status != "draft" && status != "void" && tax_cents > 0',
      '-issue_date',
    )
  )[0]

/** The quarter holding a day: its first and last days. */
function quarterOf(day: string): { from: string; to: string } {
  const y = Number(day.slice(0, 4))
  const q = Math.floor((Number(day.slice(5, 7)) - 1) / 3)
  const iso = (m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10)
  return { from: iso(q * 3, 1), to: iso(q * 3 + 3, 0) }
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100)

/**
 * The quarter's VAT per currency, added up here from the records the API gives: what issued
 * invoices charged (a final invoice what it states, a deposit invoice nothing), the VAT inside
 * the quarter's payments on deposit invoices (pro rata of the deposit's rates), less credit
 * notes, and what expenses paid.
 */
async function vatOfQuarter(page: Page, from: string, to: string) {
  const range = (field: string) => `${field} >= "${from} 00:00:00" && ${field} <= "${to} 23:59:59"`
  const invoices = await list<Invoice>(page, 'invoices', range('issue_date'))
  const notes = await list<CreditNote>(page, 'credit_notes', range('issue_date'))
  const expenses = await list<Expense>(page, 'expenses', range('date'))
  const sums = new Map<string, { collected: number; paid: number }>()
  const of = (c: string) => sums.get(c) ?? sums.set(c, { collected: 0, paid: 0 }).get(c)!
  for (const inv of invoices) {
    if (inv.status === 'draft' || inv.status === 'void' || inv.kind === 'deposit') continue
    const taxes =
      inv.kind === 'final' && inv.deposits?.rows
        ? inv.deposits.rows.map((r) => r.due_tax_cents)
        : (inv.tax_breakdown ?? []).map((r) => r.tax_cents)
    for (const tax of taxes) of(inv.currency).collected += tax
  }
  const deposits = new Map(
    (
      await list<Invoice>(
        page,
        'invoices',
        'kind = "deposit" && status != "draft" && status != "void"',
      )
    ).map((d) => [d.id, d]),
  )
  for (const p of await list<Payment>(page, 'payments', range('date'))) {
    const d = deposits.get(p.invoice)
    const rows = d?.tax_breakdown ?? []
    const gross = rows.reduce((sum, r) => sum + r.net_cents + r.tax_cents, 0)
    const amount = p.amount_cents - (p.returned_cents ?? 0)
    if (!d || gross <= 0) continue
    for (const r of rows) of(d.currency).collected += Math.round((r.tax_cents * amount) / gross)
  }
  for (const n of notes)
    for (const r of n.tax_breakdown ?? []) of(n.currency).collected -= r.tax_cents
  for (const e of expenses) for (const l of e.vat_lines ?? []) of(e.currency).paid += l.vat_cents
  return { sums, invoices, notes }
}

test.describe.configure({ mode: 'serial' })

test("the quarter's VAT table is the documents' VAT; the page reads at every width, in Arabic too", async ({
  page,
  context,
}) => {
  test.setTimeout(240_000)
  const h = harness()
  await signIn(page, h.demoEmail, h.demoPassword)
  await expect(page).toHaveURL(/\/dashboard$/)
  const latest = await latestTaxed(page)
  expect(latest).toBeTruthy()
  const day = latest!.issue_date.slice(0, 10)
  const { from, to } = quarterOf(day)
  // A receipt of the quarter: 119.00 at 19 %, so VAT paid shows too.
  await api(page, 'POST', '/api/collections/expenses/records', {
    business: '$business',
    date: from,
    currency: latest!.currency,
    category: 'Rent',
    vendor_name: 'Harbour Lettings',
    vat_lines: [{ rate: 19, gross_cents: 11900 }],
  })
  const { sums } = await vatOfQuarter(page, from, to)

  // The dashboard's period (this year by default) shows income, expenses and profit, loaded once
  // scrolled to: the profit report's figures for the same days.
  await page.goto('/dashboard?period=this-year')
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  const year = new Date().getUTCFullYear()
  const profit = await api<{
    report: { currencies: Array<{ currency: string; profit_cents: number }> }
  }>(
    page,
    'GET',
    `/api/folio/reports/profit?business=${await signedInId(page)}&from=${year}-01-01&to=${year}-12-31`,
  )
  expect(profit.report.currencies.length).toBeGreaterThan(0)
  await page.mouse.wheel(0, 20_000)
  const card = page.getByRole('region', { name: 'Income and expenses' })
  await card.scrollIntoViewIfNeeded()
  for (const c of profit.report.currencies)
    await expect(
      card
        .getByRole('definition')
        .filter({ hasText: money(c.profit_cents, c.currency) })
        .first(),
    ).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  expect([...sums.values()].some((s) => s.collected > 0)).toBe(true)

  await page.goto(`/reports?period=quarter&date=${day}`)
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
  const vat = page.getByRole('region', { name: 'VAT' })
  for (const [currency, { collected, paid }] of sums) {
    const table = vat.getByRole('table', { name: currency })
    const total = table.getByRole('row', { name: /^Total/ })
    await expect(total).toContainText(money(collected, currency))
    await expect(total).toContainText(money(paid, currency))
    await expect(total).toContainText(money(collected - paid, currency))
    const sentence =
      collected > paid
        ? `VAT to pay: ${money(collected - paid, currency)}`
        : collected < paid
          ? `VAT to get back: ${money(paid - collected, currency)}`
          : 'No VAT to pay or to get back.'
    await expect(vat.getByText(sentence)).toBeVisible()
  }
  // Profit and loss: the receipt is an expense of its category.
  await expect(
    page.getByRole('region', { name: 'Profit and loss' }).getByRole('row', { name: /^Rent/ }),
  ).toBeVisible()
  // The period moves by quarters.
  await page.getByRole('button', { name: 'Next period' }).click()
  await expect(page).toHaveURL(new RegExp(`date=${quarterOf(nextDay(to)).from}`))
  await page.getByRole('button', { name: 'Previous period' }).click()
  await expect(page).toHaveURL(new RegExp(`date=${from}`))

  await page.waitForLoadState('networkidle')
  expect(await axeViolations(page)).toEqual([])
  const problems: string[] = []
  for (const mode of ['en', 'ar'] as const) {
    if (mode === 'ar') {
      await context.addCookies([
        { name: 'folio_lang', value: 'ar', url: new URL(page.url()).origin },
      ])
      await page.reload()
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
      await expect(page.getByRole('heading', { name: 'التقارير', level: 1 })).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(await axeViolations(page)).toEqual([])
      // The PDF in Arabic: set in Noto Sans Arabic, right to left.
      const pdf = await download(
        page,
        page.getByRole('button', { name: 'تنزيل ضريبة القيمة المضافة بصيغة PDF' }),
        `vat-${from}-${to}.pdf`,
      )
      const bytes = readFileSync(pdf).toString('latin1')
      expect(bytes.startsWith('%PDF-')).toBe(true)
      expect(bytes).toContain('NotoSansArabic')
    }
    for (const width of [320, 390, 768, 1024, 1280, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))))
      for (const p of await layoutProblems(page)) problems.push(`${mode} at ${width} px: ${p}`)
    }
  }
  expect(problems).toEqual([])
})

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

test("the accountant downloads the quarter's zip", async ({ page, browser }) => {
  test.setTimeout(240_000)
  const h = harness()
  await signIn(page, h.demoEmail, h.demoPassword)
  await expect(page).toHaveURL(/\/dashboard$/)
  const business = await signedInId(page)
  const latest = await latestTaxed(page)
  const day = latest!.issue_date.slice(0, 10)
  const { from, to } = quarterOf(day)
  const { invoices, notes } = await vatOfQuarter(page, from, to)

  const email = uniqueEmail('accountant')
  await api(page, 'POST', `/api/folio/businesses/${business}/invitations`, {
    email,
    role: 'accountant',
  })
  const mail = await waitForMail(email, /invited you to/)
  const accountant = await (await browser.newContext({ acceptDownloads: true })).newPage()
  await accountant.goto(linkIn(mail, '/join/'))
  await accountant.getByLabel('Your name').fill('Ada Accountant')
  await accountant.getByLabel('Password', { exact: true }).fill('correct-horse-9')
  await accountant.getByRole('button', { name: 'Create account and join' }).click()
  await expect(accountant).toHaveURL(/\/dashboard$/)

  // The accountant finds the reports in the sidebar.
  await accountant.getByRole('link', { name: 'Reports' }).first().click()
  await expect(accountant.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
  await accountant.goto(`/reports?period=quarter&date=${day}`)
  // A plain GET of a one-time URL, streamed to disk, not a blob built in the page.
  const zipped = accountant.waitForEvent('download')
  const file = await download(
    accountant,
    accountant.getByRole('button', { name: 'Download everything for the accountant (zip)' }),
    `folio-${from}-${to}.zip`,
  )
  expect((await zipped).url()).toMatch(/\/api\/folio\/reports\/zip\/[0-9a-f]{64}$/)
  const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n')
  for (const name of [`vat-${from}-${to}.csv`, `profit-${from}-${to}.csv`, 'README.txt'])
    expect(listing).toContain(name)
  expect(listing.some((n) => /^aging-\d{4}-\d{2}-\d{2}\.csv$/.test(n))).toBe(true)
  // Every issued invoice of the quarter is there, as its PDF or named in the README.
  const readme = execFileSync('unzip', ['-p', file, 'README.txt'], { encoding: 'utf8' })
  for (const inv of invoices.filter((i) => i.status !== 'draft' && i.status !== 'void'))
    expect(
      listing.includes(`invoices/${inv.number}.pdf`) || readme.includes(`- ${inv.number} (`),
      inv.number,
    ).toBe(true)
  for (const n of notes)
    expect(
      listing.includes(`credit-notes/${n.number}.pdf`) || readme.includes(`- ${n.number} (`),
      n.number,
    ).toBe(true)
  const csv = execFileSync('unzip', ['-p', file, `vat-${from}-${to}.csv`], { encoding: 'utf8' })
  expect(csv.startsWith('\uFEFFCurrency,VAT rate (%),')).toBe(true)
  // Each report downloads as CSV (the server's, in the business's language) and as a PDF.
  const vatCsv = await download(
    accountant,
    accountant.getByRole('button', { name: 'Download VAT as CSV' }),
    `vat-${from}-${to}.csv`,
  )
  expect(readFileSync(vatCsv, 'utf8')).toBe(csv)
  const agingPdf = await download(
    accountant,
    accountant.getByRole('button', { name: 'Download Receivables aging as PDF' }),
  )
  expect(readFileSync(agingPdf).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  await accountant.context().close()
})
