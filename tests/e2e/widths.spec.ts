import { readFileSync } from 'node:fs'
import type { BrowserContext, Page } from '@playwright/test'
import { harness } from '../support/env'
import { api, signedInId } from '../support/api'
import {
  expect,
  linkIn,
  signIn,
  signUp,
  test,
  totp,
  uniqueEmail,
  waitForMail,
} from '../support/fixtures'
import { axeViolations } from '../support/axe'
import { layoutProblems } from '../support/layout'

const WIDTHS = [320, 390, 768, 1024, 1280, 1920]

/** Turns 2FA on from Settings > Security (the page is on it), as a person with a phone does. */
async function turnOnTwoFactor(page: Page, password: string) {
  await page.getByRole('button', { name: 'Set up 2FA' }).click()
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? ''
  await page.getByLabel('Code from your app').fill(totp(secret))
  await page.getByLabel('Account password').fill(password)
  await page.getByRole('button', { name: 'Enable 2FA' }).click()
  await expect(page.getByText(/10 backup codes left/)).toBeVisible()
}

/** The page as it is, resized through every width: what does not fit, named by `where`. */
async function atEveryWidth(page: Page, where: string): Promise<string[]> {
  const problems: string[] = []
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))))
    for (const p of await layoutProblems(page)) problems.push(`${where} at ${width} px: ${p}`)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  return problems
}

/** Record pages of the demo data: the first link of a list that leads to a record. */
async function firstRecord(page: Page, list: string, pattern: RegExp): Promise<string> {
  await page.goto(list)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The list's rows come with its data: wait for a link to a record.
  let href: string | undefined
  await expect
    .poll(async () => {
      href = await page
        .locator('main a[href]')
        .evaluateAll(
          (links, source) =>
            links.map((a) => a.getAttribute('href') ?? '').find((h) => new RegExp(source).test(h)),
          pattern.source,
        )
      return href
    })
    .toBeTruthy()
  return href as string
}

async function screens(page: Page): Promise<string[]> {
  const customer = await firstRecord(page, '/customers', /^\/customers\/[a-z0-9]{15}$/)
  const quote = await firstRecord(page, '/quotes', /^\/quotes\/[a-z0-9]{15}$/)
  const invoice = await firstRecord(
    page,
    '/invoices?status=outstanding',
    /^\/invoices\/[a-z0-9]{15}$/,
  )
  // An item of the catalogue with a long name and prices in three currencies.
  const item = await api<{ id: string }>(page, 'POST', '/api/collections/items/records', {
    business: '$business',
    name: 'Bespoke shelving installation, measured and fitted on site',
    description: 'Includes travel within 50 km and removal of the packaging.',
    unit: 'h',
    unit_code: 'HUR',
    sku: `SHELF-${Date.now()}`,
    tax_rate: 19,
    prices: [
      { currency: 'EUR', cents: 1250000 },
      { currency: 'USD', cents: 1399000 },
      { currency: 'GBP', cents: 1099000 },
    ],
  })
  // A vendor and its expense with long names, two VAT rates and a note.
  const vendor = await api<{ id: string }>(page, 'POST', '/api/collections/vendors/records', {
    business: '$business',
    name: 'Großhandel für Büro- und Geschäftsbedarf Schmidt & Söhne GmbH',
    address: 'Industriestraße 123a\n12345 Musterstadt-Nord',
    country: 'DE',
    vat_id: 'DE123456789',
    iban: 'DE89370400440532013000',
    email: 'buchhaltung@grosshandel-schmidt-und-soehne.example',
  })
  const expense = await api<{ id: string }>(page, 'POST', '/api/collections/expenses/records', {
    business: '$business',
    vendor: vendor.id,
    vendor_name: 'Großhandel für Büro- und Geschäftsbedarf Schmidt & Söhne GmbH',
    number: 'RE-2026-000123456',
    date: '2026-11-02 00:00:00.000Z',
    description: 'Printer paper, toner cartridges and a year of coffee for the whole office',
    category: 'Office supplies',
    currency: 'EUR',
    vat_lines: [
      { rate: 19, gross_cents: 123456789 },
      { rate: 7, net_cents: 4500 },
    ],
    payment_state: 'paid',
    payment_method: 'bank_transfer',
    paid_on: '2026-11-05 00:00:00.000Z',
    note: 'Paid from the business account; the toner was for both printers.',
  })
  return [
    '/dashboard',
    '/customers',
    // A search that finds nothing: the list says so and offers to clear it.
    '/customers?q=nobody-is-called-this',
    customer,
    '/customers/new',
    '/items',
    `/items/${item.id}`,
    '/items/new',
    '/expenses',
    `/expenses/${expense.id}`,
    `/expenses/${expense.id}/edit`,
    '/expenses/new',
    '/vendors',
    `/vendors/${vendor.id}`,
    '/vendors/new',
    '/quotes',
    quote,
    `${quote}/print`,
    '/quotes/new',
    '/invoices',
    invoice,
    `${invoice}/print`,
    '/invoices/new',
    '/payments',
    // The demo's statement: every state, a long payee and reference text, the mapping-free list.
    '/bank',
    '/bank?status=certain',
    '/credit-notes',
    // The figures for the accountant: VAT, profit and loss, aging with its invoices.
    '/reports',
    invoice.replace('/invoices/', '/credit-notes/new/'),
    '/settings/account',
    '/settings/business',
    '/settings/bank',
    '/settings/card-payments',
    '/settings/e-invoicing',
    '/settings/mail',
    '/settings/security',
    '/settings/data',
    '/settings/import',
    '/expenses/import',
    '/settings/appearance',
    '/settings/display',
    '/settings/notifications',
    '/settings/reminders',
    '/settings/members',
    '/businesses/new',
    '/help-center',
    '/profile',
  ]
}

/**
 * Every signed-in screen with the demo data, from a small phone to a wide screen: the page never
 * scrolls sideways and no text is cut off. Each screen loads once and the window is resized
 * through the widths, the way a user turns a tablet or drags a window.
 */
for (const mode of ['ltr', 'ar'] as const) {
  test(`every signed-in screen fits every width (${mode === 'ltr' ? 'English, left to right' : 'Arabic, right to left'})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(300_000)
    const h = harness()
    await signIn(page, h.demoEmail, h.demoPassword)
    await expect(page).toHaveURL(/\/dashboard$/)
    const paths = await screens(page)
    if (mode === 'ar')
      await context.addCookies([
        { name: 'folio_lang', value: 'ar', url: new URL(page.url()).origin },
      ])

    const problems: string[] = []
    for (const path of paths) {
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto(path)
      await expect(page.locator('html')).toHaveAttribute('dir', mode === 'ar' ? 'rtl' : 'ltr')
      // Every screen names itself with a heading (the print view's is the document's own).
      await expect(page.getByRole('heading').first()).toBeVisible()
      await page.waitForLoadState('networkidle')
      problems.push(...(await atEveryWidth(page, path)))
    }
    expect(problems).toEqual([])
  })
}

/** Whether a text sits in its own bidi run: a <bdi>, dir=auto/ltr or unicode-bidi isolation. */
const isolated = (el: Element) => {
  for (let e: Element | null = el, up = 0; e && up < 3; e = e.parentElement, up++) {
    if (e.tagName === 'BDI' || ['auto', 'ltr'].includes(e.getAttribute('dir') ?? '')) return true
    if (/isolate|plaintext/.test(getComputedStyle(e).unicodeBidi)) return true
  }
  return false
}

test('right to left keeps English runs whole: an amount, an address and a KPI sentence', async ({
  page,
  context,
}) => {
  const h = harness()
  await signIn(page, h.demoEmail, h.demoPassword)
  await expect(page).toHaveURL(/\/dashboard$/)
  const customer = await firstRecord(page, '/customers', /^\/customers\/[a-z0-9]{15}$/)
  await context.addCookies([{ name: 'folio_dir', value: 'rtl', url: new URL(page.url()).origin }])

  await page.goto('/dashboard')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  const sentence = page.getByText(/quotes? awaiting an answer · win rate/).first()
  await expect(sentence).toHaveText(/^\d+ quotes? awaiting an answer · win rate \d+%$/)
  expect(await sentence.evaluate(isolated)).toBe(true)
  const amount = page.getByText(/^€\d{1,3}(,\d{3})*\.\d{2}$/).first()
  await expect(amount).toBeVisible()
  expect(await amount.evaluate(isolated)).toBe(true)

  await page.goto(customer)
  const street = page
    .getByText(/^\d+[a-z]? [A-Z][A-Za-z .'-]+$|^[A-Z][A-Za-z .'-]+ \d+[a-z]?$/)
    .first()
  await expect(street).toBeVisible()
  expect(await street.evaluate(isolated)).toBe(true)
})

/** A customer's link to one of the demo account's sent invoices (the page the customer opens). */
async function customerLink(page: Page): Promise<string> {
  const h = harness()
  const auth = await page.request.post('/api/collections/users/auth-with-password', {
    data: { identity: h.demoEmail, password: h.demoPassword },
  })
  const { token } = (await auth.json()) as { token: string }
  const headers = { Authorization: token }
  const list = await page.request.get(
    `/api/collections/invoices/records?perPage=1&filter=${encodeURIComponent("status='sent'")}`,
    { headers },
  )
  const id = ((await list.json()) as { items: { id: string }[] }).items[0]?.id
  expect(id).toBeTruthy()
  const link = await page.request.post(`/api/folio/invoices/${id}/link`, { headers })
  return `/d/${((await link.json()) as { token: string }).token}`
}

/**
 * The signed-out screens (sign-in, sign-up, 2FA, reset, errors) and the customer's document
 * page, at every width, in English and in Arabic: no sideways scroll, no text cut off.
 */
for (const mode of ['ltr', 'ar'] as const) {
  test(`every signed-out screen and the customer's page fit every width (${mode === 'ltr' ? 'English, left to right' : 'Arabic, right to left'})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000)
    const link = await customerLink(page)
    const origin = new URL(harness().baseURL).origin
    if (mode === 'ar') {
      await context.addCookies([{ name: 'folio_lang', value: 'ar', url: origin }])
      // The customer's page has its own language choice, kept on the device.
      await context.addInitScript(() => localStorage.setItem('folio.documentLanguage', 'ar'))
    }
    const paths = [
      '/',
      '/sign-in',
      '/sign-in-2',
      '/sign-up',
      '/otp',
      '/forgot-password',
      '/401',
      '/403',
      '/404',
      '/500',
      '/503',
      '/no-such-page',
      // An invitation's link that no longer works (a working one shows the same card).
      '/join/no-such-invitation-token',
      link,
    ]
    const problems: string[] = []
    for (const path of paths) {
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto(path)
      await expect(page.getByRole('heading').first()).toBeVisible()
      if (path !== link)
        await expect(page.locator('html')).toHaveAttribute('dir', mode === 'ar' ? 'rtl' : 'ltr')
      await page.waitForLoadState('networkidle')
      problems.push(...(await atEveryWidth(page, path)))
    }
    expect(problems).toEqual([])
  })
}

/**
 * German on a phone: a line's unit code select shows its whole text ("Automatisch: C62", a chosen
 * "C62 — Eins (Einheit)"), on the invoice editor and the recurring editor alike.
 */
test('German at 375 px: the unit code select of a line is not cut off', async ({
  page,
  context,
}) => {
  const h = harness()
  await signIn(page, h.demoEmail, h.demoPassword)
  await expect(page).toHaveURL(/\/dashboard$/)
  await context.addCookies([{ name: 'folio_lang', value: 'de', url: new URL(page.url()).origin }])
  await page.setViewportSize({ width: 375, height: 800 })
  const room = (select: HTMLSelectElement) => {
    const s = getComputedStyle(select)
    const pen = document.createElement('canvas').getContext('2d')
    if (!pen) return 0
    pen.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`
    const text = select.options[select.selectedIndex]?.text ?? ''
    // The select's arrow takes about 20 px of its inner width.
    const inner = select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 20
    return Math.floor(inner - pen.measureText(text).width)
  }
  for (const path of ['/invoices/new', '/recurring/new']) {
    await page.goto(path)
    const code = page.getByLabel('Position 1 Einheitencode')
    await expect(code).toBeVisible()
    await expect(code).toContainText('Automatisch')
    expect(await code.evaluate(room), path).toBeGreaterThanOrEqual(0)
    await code.selectOption('C62')
    expect(await code.evaluate(room), path).toBeGreaterThanOrEqual(0)
  }
})

/**
 * The team screens that need a team: the invitation landing (signed out), the page a business
 * that requires 2FA shows a member without it, the close dialog, and the page of someone whose
 * only business removed them. A fresh owner for each language: the demo account stays as it is.
 */
for (const mode of ['ltr', 'ar'] as const) {
  test(`the team screens fit every width (${mode === 'ltr' ? 'English, left to right' : 'Arabic, right to left'})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000)
    const password = 'correct-horse-9'
    const name = mode === 'ar' ? 'ورشة الميناء للتصميم' : 'Harbour Design Workshop'
    await signUp(page, uniqueEmail('width-owner'), password)
    const business = await signedInId(page)
    await api(page, 'PATCH', `/api/collections/businesses/records/${business}`, {
      company_name: name,
    })
    // Requiring 2FA of the members first needs it on the owner's own account: the server says so.
    await page.goto('/settings/security')
    const rule = page.getByRole('checkbox', {
      name: `Every member of ${name} signs in with two factors`,
    })
    await rule.click()
    await expect(page.getByRole('alert')).toContainText(
      'Turn on two-factor sign-in for your own account first',
    )
    await expect(rule).not.toBeChecked()
    await turnOnTwoFactor(page, password)
    await rule.click()
    await expect(rule).toBeChecked()
    await expect(page.getByText(`Two-factor sign-in is now required in ${name}.`)).toBeVisible()

    const invite = async (email: string) => {
      await api(page, 'POST', `/api/folio/businesses/${business}/invitations`, {
        email,
        role: 'member',
      })
      return new URL(linkIn(await waitForMail(email, /invited you to/), '/join/')).pathname
    }
    const memberEmail = uniqueEmail('width-member')
    const memberJoin = await invite(memberEmail)
    const landing = await invite(uniqueEmail('width-invitee'))
    const guest = await browser.newContext()
    const member = await guest.newPage()
    try {
      await member.goto(memberJoin)
      await member.getByLabel('Your name').fill('Mia Member')
      await member.getByLabel('Password', { exact: true }).fill(password)
      await member.getByRole('button', { name: 'Create account and join' }).click()
      await expect(member.getByTestId('two-factor-gate')).toBeVisible()

      const origin = new URL(harness().baseURL).origin
      if (mode === 'ar') {
        await page.context().addCookies([{ name: 'folio_lang', value: 'ar', url: origin }])
        await guest.addCookies([{ name: 'folio_lang', value: 'ar', url: origin }])
      }
      const dir = mode === 'ar' ? 'rtl' : 'ltr'
      const problems: string[] = []
      const check = async (p: Page, where: string) => {
        await expect(p.locator('html')).toHaveAttribute('dir', dir)
        await expect(p.getByRole('heading').first()).toBeVisible()
        await p.waitForLoadState('networkidle')
        problems.push(...(await atEveryWidth(p, where)))
        // And nothing axe finds (WCAG 2.1 AA), in either direction.
        for (const v of await axeViolations(p)) problems.push(`${where}: ${v}`)
      }

      // The 2FA gate, on a record list and on the dashboard.
      for (const path of ['/invoices', '/dashboard']) {
        await member.goto(path)
        await expect(member.getByTestId('two-factor-gate')).toBeVisible()
        await check(member, `2FA gate on ${path}`)
      }
      // The invitation landing, signed out.
      const signedOut = await browser.newContext()
      try {
        if (mode === 'ar')
          await signedOut.addCookies([{ name: 'folio_lang', value: 'ar', url: origin }])
        const visitor = await signedOut.newPage()
        await visitor.goto(landing)
        await expect(visitor.getByRole('form')).toBeVisible()
        await check(visitor, 'the invitation landing')
      } finally {
        await signedOut.close()
      }
      // The close dialog, opened and left.
      await page.goto('/settings/business')
      // From the keyboard: the button takes focus and Enter opens the dialog.
      await page.getByTestId('close-business').focus()
      await page.keyboard.press('Enter')
      await expect(page.getByRole('dialog')).toBeVisible()
      await check(page, 'the close dialog')
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toBeHidden()
      if (mode === 'ltr') {
        // The gate's link leads to where 2FA is turned on; once it is, the business's screens
        // come back without a reload.
        await member.goto('/invoices')
        await member.getByRole('link', { name: 'Set up two-factor sign-in' }).click()
        await expect(member).toHaveURL(/\/settings\/security$/)
        await turnOnTwoFactor(member, password)
        await member
          .getByRole('navigation')
          .getByRole('link', { name: 'Invoices', exact: true })
          .click()
        await expect(member.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible()
        await expect(member.getByTestId('two-factor-gate')).toHaveCount(0)
      }
      // Removed from their only business: the no-business page.
      const members = await api<{ membership: string; email: string }[]>(
        page,
        'GET',
        `/api/folio/businesses/${business}/members`,
      )
      const membership = members.find((m) => m.email === memberEmail)?.membership
      expect(membership).toBeTruthy()
      await api(page, 'DELETE', `/api/folio/memberships/${membership}`)
      // (The removal reaching an open page live is team.spec.ts's; here the page is what counts.)
      await member.reload()
      await expect(member.getByTestId('no-business')).toBeVisible()
      await check(member, 'the no-business page')
      // The owner closes the business (a wrong name first): the shell says so on every screen,
      // and the invoices list offers nothing that would change a record.
      await page.goto('/settings/business')
      await page.getByTestId('close-business').click()
      const dialog = page.getByRole('dialog')
      const confirm = dialog.getByRole('textbox')
      await confirm.fill(`${name}!`)
      await dialog.locator('button[type=submit]').click()
      await expect(confirm).toHaveAttribute('aria-invalid', 'true')
      await confirm.fill(name)
      await dialog.locator('button[type=submit]').click()
      await expect(dialog).toBeHidden()
      await expect(page.getByTestId('close-business')).toHaveCount(0)
      await page.goto('/invoices')
      const closed =
        mode === 'ar'
          ? 'هذا النشاط التجاري مغلق: يمكن قراءة سجلاته، لا تغييرها.'
          : 'This business is closed: its records can be read, not changed.'
      await expect(page.getByRole('status').filter({ hasText: closed })).toBeVisible()
      await expect(page.locator('main a[href="/invoices/new"]')).toHaveCount(0)
      await check(page, 'a closed business')
      expect(problems).toEqual([])
    } finally {
      await guest.close()
    }
  })
}

/** A word of the interface in a language, as the catalogue has it (the controls are found by it). */
const word = (lang: 'en' | 'ar', namespace: string, key: string): string =>
  (
    JSON.parse(readFileSync(`src/locales/${lang}/${namespace}.json`, 'utf8')) as Record<
      string,
      string
    >
  )[key] ?? key

/** The records the deposit screens show, made through the API as the demo account. */
async function depositRecords(page: Page) {
  const business = await signedInId(page)
  const customers = await api<{ items: { id: string }[] }>(
    page,
    'GET',
    '/api/collections/customers/records?perPage=1&sort=created',
  )
  const customer = customers.items[0]?.id ?? ''
  const line = (id: string, description: string, cents: number, rate: number) => ({
    id,
    description,
    quantity: 1,
    unit_price_cents: cents,
    discount_percent: 0,
    tax_rate: rate,
  })
  // A quote at two rates, sent; a 30 % deposit of it, sent, paid and partly credited on its issue
  // day (the server's today: the credit note takes it when given no date).
  const quote = await api<{ id: string }>(page, 'POST', '/api/collections/quotes/records', {
    business,
    customer,
    issue_date: '2026-11-20 00:00:00.000Z',
    expiry_date: '2026-12-31 00:00:00.000Z',
    items: [line('a', 'Stage build', 100000, 19), line('b', 'Catalogues', 20000, 7)],
  })
  await api(page, 'PATCH', `/api/collections/quotes/records/${quote.id}`, { status: 'sent' })
  const deposit = await api<{ id: string; total_cents: number; issue_date: string }>(
    page,
    'POST',
    `/api/folio/quotes/${quote.id}/deposit`,
    { percent: 30 },
  )
  await api(page, 'PATCH', `/api/collections/invoices/records/${deposit.id}`, { status: 'sent' })
  await api(page, 'POST', '/api/collections/payments/records', {
    business,
    invoice: deposit.id,
    amount_cents: deposit.total_cents,
    date: deposit.issue_date.slice(0, 10),
    method: 'bank_transfer',
  })
  const credit = await api<{ id: string }>(page, 'POST', '/api/collections/credit_notes/records', {
    business,
    invoice: deposit.id,
    items: [line('a', 'Deposit returned', 1000, 19)],
  })
  // The quote becomes the final invoice (a quote converted offers no deposit any more).
  const convert = () =>
    api<{ invoice: { id: string } }>(page, 'POST', `/api/folio/quotes/${quote.id}/convert`)
  return { quote: quote.id, credit: credit.id, convert }
}

/**
 * The deposit screens: the deposit dialog of a sent quote, the final invoice with its deduction
 * table (a 30 % deposit paid), and the send dialog of a credit note (of that deposit), from a
 * small phone to a wide screen, left to right and right to left, and axe-clean.
 */
for (const mode of ['ltr', 'ar'] as const) {
  const lang = mode === 'ar' ? 'ar' : 'en'
  const dir = mode === 'ar' ? 'rtl' : 'ltr'
  const named = mode === 'ltr' ? 'English, left to right' : 'Arabic, right to left'

  /** Signs the demo account in, makes the records, and turns the interface to the mode's language. */
  const setUp = async (page: Page, context: BrowserContext) => {
    const h = harness()
    await signIn(page, h.demoEmail, h.demoPassword)
    await expect(page).toHaveURL(/\/dashboard$/)
    const records = await depositRecords(page)
    if (mode === 'ar')
      await context.addCookies([
        { name: 'folio_lang', value: 'ar', url: new URL(page.url()).origin },
      ])
    return records
  }
  /** What does not fit at some width, and what axe finds, on the page as it is. */
  const problemsOf = async (
    page: Page,
    where: string,
    path: string,
    opened?: () => Promise<void>,
  ) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(path)
    await expect(page.getByRole('heading').first()).toBeVisible()
    if (opened) await opened()
    await expect(page.locator('html')).toHaveAttribute('dir', dir)
    await page.waitForLoadState('networkidle')
    const problems = await atEveryWidth(page, where)
    for (const v of await axeViolations(page)) problems.push(`${where}: ${v}`)
    return problems
  }

  test(`the deposit dialog and a credit note's send dialog fit every width (${named})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000)
    const { quote, credit } = await setUp(page, context)
    const dialogOpened = (name: string) => async () => {
      await page.getByRole('button', { name, exact: true }).click()
      await expect(page.getByRole('dialog')).toBeVisible()
    }
    const problems = [
      ...(await problemsOf(
        page,
        'the deposit dialog',
        `/quotes/${quote}`,
        dialogOpened(word(lang, 'documents', 'deposit.action')),
      )),
      ...(await problemsOf(
        page,
        'the credit note send dialog',
        `/credit-notes/${credit}`,
        dialogOpened(word(lang, 'documents', 'actions.send')),
      )),
    ]
    expect(problems).toEqual([])
  })

  test(`the final invoice and its deduction table fit every width (${named})`, async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000)
    const { convert } = await setUp(page, context)
    const final = await convert()
    const problems = await problemsOf(
      page,
      'the final invoice',
      `/invoices/${final.invoice.id}`,
      async () => {
        // The sheet speaks the document's language (the customer's: English), whatever the
        // interface's.
        await expect(
          page.getByRole('table', { name: word('en', 'doc', 'deduction.heading') }),
        ).toBeVisible()
      },
    )
    expect(problems).toEqual([])
  })
}
