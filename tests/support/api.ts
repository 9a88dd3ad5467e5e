import type { Page } from '@playwright/test'
import { signUpVerified, uniqueEmail } from './fixtures'

/**
 * Calls the API as the user signed in on this page (another device's writes, made quickly). A
 * `"$business"` in the body becomes the user's own business (the one their sign-up made, with
 * the user's id).
 */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const auth = JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}') as {
        token?: string
        record?: { id: string }
      }
      const res = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', authorization: auth.token ?? '' },
        body:
          body === undefined
            ? undefined
            : JSON.stringify(body).replace('"$business"', JSON.stringify(auth.record?.id)),
      })
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
      const text = await res.text()
      return (text ? JSON.parse(text) : null) as T
    },
    { method, path, body },
  )
}

/** The id of the user signed in on this page (their own business has the same id). */
export async function signedInId(page: Page): Promise<string> {
  return page.evaluate(() => {
    const auth = JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}') as {
      record?: { id?: string }
    }
    return auth.record?.id ?? ''
  })
}

/**
 * A sent invoice of one 100.00 line (no tax) for `customer` in `business` (or the user's own),
 * made through the API as the user signed in on this page.
 */
export async function sentInvoice(
  page: Page,
  customer: string,
  business = '$business',
): Promise<{ id: string; number: string }> {
  const invoice = await api<{ id: string; number: string }>(
    page,
    'POST',
    '/api/collections/invoices/records',
    {
      business,
      customer,
      issue_date: '2026-01-10 00:00:00.000Z',
      due_date: '2026-02-10 00:00:00.000Z',
      items: [
        {
          id: 'a',
          description: 'Shelving',
          quantity: 1,
          unit_price_cents: 10000,
          discount_percent: 0,
          tax_rate: 0,
        },
      ],
    },
  )
  await api(page, 'PATCH', `/api/collections/invoices/records/${invoice.id}`, { status: 'sent' })
  return invoice
}

/**
 * A new verified account (its address made from `prefix`) whose business has one customer,
 * Harbour Books (EUR), with one sent invoice of 100.00: the start of the payment flows.
 */
export async function harbourInvoice(
  page: Page,
  prefix: string,
): Promise<{ business: string; invoice: { id: string; number: string } }> {
  await signUpVerified(page, uniqueEmail(prefix))
  const business = await signedInId(page)
  const customer = await api<{ id: string }>(page, 'POST', '/api/collections/customers/records', {
    business,
    name: 'Harbour Books',
    currency: 'EUR',
  })
  return { business, invoice: await sentInvoice(page, customer.id, business) }
}
