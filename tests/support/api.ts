import type { Page } from '@playwright/test'

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
