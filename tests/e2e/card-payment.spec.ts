import { api, harbourInvoice } from '../support/api'
import { harness } from '../support/env'
import { expect, test } from '../support/fixtures'
import { stripeSignature } from '../support/stripe-mock'

const SECRET_KEY = 'sk_test_e2e0000000000000000001'
const WEBHOOK_SECRET = 'whsec_e2e_signing_secret_00001'

/**
 * Issue 29, card payments end to end, in Chromium against the real server with its Stripe calls
 * going to stripe-mock: the owner connects Stripe in the settings, the customer opens the invoice's
 * link, clicks "Pay by card" and lands on the Checkout page the server asked Stripe for; Stripe's
 * signed event then records the payment, which the owner sees on the invoice, once, live.
 */
test('a customer pays an invoice by card from its link, and it is paid once', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const { business, invoice } = await harbourInvoice(page, 'card')
  const { token } = await api<{ token: string }>(
    page,
    'POST',
    `/api/folio/invoices/${invoice.id}/link`,
  )

  // The owner connects Stripe; the server tries the key against Stripe (the mock) first.
  await page.goto('/settings/card-payments')
  await page.getByLabel('Secret key').fill(SECRET_KEY)
  await page.getByLabel('Webhook signing secret').fill(WEBHOOK_SECRET)
  await page.getByRole('button', { name: 'Save and connect' }).click()
  await expect(page.getByTestId('stripe-status')).toContainText(/Connected, account acct_/)
  await expect(page.getByText('Test mode')).toBeVisible()
  await expect(page.getByLabel('Secret key')).toHaveValue('')
  await page.getByRole('button', { name: 'Test the connection' }).click()
  await expect(page.getByText('Stripe answered: the connection works.')).toBeVisible()

  // The owner watches the invoice; its live updates are on once the customer's visit shows.
  await page.goto(`/invoices/${invoice.id}`)
  await expect(
    page.getByRole('heading', { name: `Invoice ${invoice.number}`, level: 1 }),
  ).toBeVisible()

  // The customer, with no account, pays from the link: the server answers the Checkout page's
  // address (stripe-mock's canned one on checkout.stripe.com), which the browser opens. The
  // network stops there: this machine does not reach Stripe.
  const customerPage = await (await browser.newContext()).newPage()
  await customerPage.route('https://checkout.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Stripe Checkout</title><h1>Pay</h1>' }),
  )
  await customerPage.goto(`/d/${token}`)
  await expect(
    page.getByRole('list', { name: 'Activity' }).getByText('Opened by the customer'),
  ).toBeVisible({ timeout: 15_000 })
  await customerPage.getByRole('button', { name: 'Pay €100.00 by card' }).click()
  await expect(customerPage).toHaveURL(/^https:\/\/checkout\.stripe\.com\//)

  // Stripe reports the payment to the business's webhook, signed with its secret, twice (Stripe
  // delivers again when unsure): the invoice is paid once.
  const payload = JSON.stringify({
    id: 'evt_e2e_1',
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: 'checkout.session.completed',
    data: {
      object: {
        id: 'cs_test_e2e_1',
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_total: 10000,
        currency: 'eur',
        payment_intent: 'pi_e2e_1',
        metadata: { 'folio-invoice': invoice.id, 'folio-business': business },
      },
    },
  })
  const webhook = `${harness().baseURL}/api/folio/stripe/${business}/webhook`
  for (const want of ['record', 'duplicate']) {
    const res = await fetch(webhook, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(payload, WEBHOOK_SECRET),
      },
      body: payload,
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { result: string }).result).toBe(want)
  }
  // A forged event changes nothing.
  const forged = await fetch(webhook, {
    method: 'POST',
    headers: { 'stripe-signature': stripeSignature(payload, 'whsec_not_the_secret') },
    body: payload,
  })
  expect(forged.status).toBe(400)

  // The owner's open invoice turns paid without a reload, with a notice; its activity says how.
  await expect(
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: `paid ${invoice.number} by card: €100.00` }),
  ).toBeVisible()
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Paid by card · Stripe: €100.00')).toHaveCount(1)
  const payments = await api<{ items: Array<{ method: string; amount_cents: number }> }>(
    page,
    'GET',
    `/api/collections/payments/records?filter=${encodeURIComponent(`invoice="${invoice.id}"`)}`,
  )
  expect(payments.items).toEqual([expect.objectContaining({ method: 'card', amount_cents: 10000 })])

  // Back from Stripe, the customer's page says so, shows the invoice paid, and offers no more card.
  await customerPage.goto(`/d/${token}?card=success`)
  await expect(customerPage.getByText(/your card payment went through/)).toBeVisible()
  await expect(customerPage.getByText(/PAID — thank you/)).toBeVisible()
  await expect(customerPage.getByRole('button', { name: /by card/ })).toHaveCount(0)
})
