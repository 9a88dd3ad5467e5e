import { expect, signUp, test, uniqueEmail } from '../support/fixtures'

test('typed work survives a reload and a trip to another page, until it is saved or discarded', async ({
  page,
}) => {
  await signUp(page, uniqueEmail('drafts'))
  await page.goto('/invoices/new')
  await page.getByLabel('Line 1 description').fill('Kitchen fitting, phase one')
  await page.getByLabel('Line 1 price').fill('1.234,50')
  await expect(page.getByLabel('Line 1 net')).toHaveText('€1,234.50')
  await page.waitForTimeout(400)

  await page.reload()
  await expect(page.getByLabel('Line 1 description')).toHaveValue('Kitchen fitting, phase one')
  await expect(page.getByText('What you typed here before was kept, and is back.')).toBeVisible()

  await page.getByRole('link', { name: 'Customers' }).click()
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible()
  await page.goBack()
  await expect(page.getByLabel('Line 1 price')).toHaveValue('1.234,50')

  await page.getByRole('button', { name: 'Discard it' }).click()
  await expect(page.getByLabel('Line 1 description')).toHaveValue('')
  await page.reload()
  await expect(page.getByLabel('Line 1 description')).toHaveValue('')
  await expect(page.getByText('What you typed here before was kept, and is back.')).toHaveCount(0)
})
