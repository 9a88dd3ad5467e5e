import { expect, signUp, test, uniqueEmail } from '../support/fixtures'

test('typed work survives a reload and a trip to another page, and leaving it asks first', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('drafts'))
  await page.goto('/invoices/new')
  await page.getByLabel('Line 1 description').fill('Kitchen fitting, phase one')
  await page.getByLabel('Line 1 price').fill('1.234,50')
  await expect(page.getByLabel('Line 1 net')).toHaveText('€1,234.50')
  await page.waitForTimeout(400)

  // In-app navigation asks; saying no stays on the form with what was typed.
  const asked: string[] = []
  let answer = false
  page.on('dialog', (dialog) => {
    asked.push(dialog.type())
    void (answer || dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss())
  })
  await page.getByRole('link', { name: 'Customers' }).click()
  await expect.poll(() => asked).toEqual(['confirm'])
  await expect(page).toHaveURL(/\/invoices\/new$/)
  await expect(page.getByLabel('Line 1 description')).toHaveValue('Kitchen fitting, phase one')

  // Saying yes leaves; coming back offers the kept draft, and Restore brings it back.
  answer = true
  await page.getByRole('link', { name: 'Customers' }).click()
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible()
  await page.goBack()
  await expect(page.getByText(/You have unsaved changes from/)).toBeVisible()
  await expect(page.getByLabel('Line 1 description')).toHaveValue('')
  await page.getByRole('button', { name: 'Restore your unsaved changes' }).click()
  await expect(page.getByLabel('Line 1 description')).toHaveValue('Kitchen fitting, phase one')
  await expect(page.getByLabel('Line 1 price')).toHaveValue('1.234,50')

  // The browser's Back and Forward buttons ask too (Forward here: the entry before this one is
  // the page load's, which the browser's own beforeunload covers); saying no stays on the form
  // with what was typed.
  answer = false
  const confirms = asked.filter((type) => type === 'confirm').length
  await page.evaluate(() => history.forward())
  await expect.poll(() => asked.filter((type) => type === 'confirm')).toHaveLength(confirms + 1)
  await expect(page).toHaveURL(/\/invoices\/new$/)
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toHaveCount(0)
  await expect(page.getByLabel('Line 1 description')).toHaveValue('Kitchen fitting, phase one')

  // A reload asks through the browser (beforeunload), and the draft is offered again.
  await page.reload()
  expect(asked).toContain('beforeunload')
  await expect(page.getByText(/You have unsaved changes from/)).toBeVisible()
  await page.getByRole('button', { name: 'Discard', exact: true }).click()
  await expect(page.getByLabel('Line 1 description')).toHaveValue('')
  await page.reload()
  await expect(page.getByLabel('Line 1 description')).toBeVisible()
  await page.waitForTimeout(400)
  await expect(page.getByText(/You have unsaved changes from/)).toHaveCount(0)
})

test('signing out with unsaved work asks first, then wipes the drafts kept on the device', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('drafts-out'))
  await page.goto('/customers/new')
  await page.getByLabel('Name').first().fill('Half-typed customer')
  await page.waitForTimeout(400)
  const draftKeys = () =>
    page.evaluate(
      () =>
        new Promise<unknown[]>((resolve, reject) => {
          const open = indexedDB.open('folio-drafts')
          open.onerror = () => reject(open.error)
          open.onsuccess = () => {
            const db = open.result
            if (!db.objectStoreNames.contains('drafts')) return resolve([])
            const req = db.transaction('drafts').objectStore('drafts').getAllKeys()
            req.onsuccess = () => resolve(req.result)
            req.onerror = () => reject(req.error)
          }
        }),
    )
  await expect.poll(draftKeys).toHaveLength(1)

  const questions: string[] = []
  page.on('dialog', (dialog) => {
    questions.push(dialog.message())
    void (questions.length === 1 ? dialog.dismiss() : dialog.accept())
  })
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect.poll(() => questions.length).toBe(1)
  expect(questions[0]).toContain('Signing out discards them')
  await expect(page).toHaveURL(/\/customers\/new$/)

  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect.poll(draftKeys).toEqual([])
})
