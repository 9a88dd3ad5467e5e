import { expect, signUp, test, uniqueEmail } from '../support/fixtures'
import { addCustomer, newInvoice } from '../support/billing'

const CHANGED_ELSEWHERE =
  'This was changed elsewhere (in another tab or on another device) after you opened it. Open it again to see the change, then make yours.'

// Two tabs edit the same draft: the first save wins; the second is told, writes nothing over it,
// and keeps what was typed there.
test('the same draft edited in two tabs: the second save is refused and keeps its typing', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signUp(page, uniqueEmail('twotabs'))
  await addCustomer(page, 'Two Tabs Ltd')
  const editUrl = `${await newInvoice(page, { description: 'Design day', qty: '1', price: '400', tax: '20' })}/edit`

  const other = await context.newPage()
  await other.setViewportSize({ width: 1280, height: 900 })
  await page.goto(editUrl)
  await other.goto(editUrl)
  for (const tab of [page, other])
    await expect(tab.getByRole('button', { name: 'Save changes' })).toBeEnabled()

  await page.getByLabel('Notes').fill('Written in the first tab')
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('heading', { name: 'Invoice INV-00001', level: 1 })).toBeVisible()
  await expect(page.getByText('Written in the first tab')).toBeVisible()

  await other.getByLabel('Notes').fill('Written in the second tab')
  await other.getByRole('button', { name: 'Save changes' }).click()
  await expect(other.getByText(CHANGED_ELSEWHERE)).toBeVisible()
  // Nothing was written over the first tab's change, and the second tab's typing is still there.
  await expect(other).toHaveURL(editUrl)
  await expect(other.getByLabel('Notes')).toHaveValue('Written in the second tab')
  await page.reload()
  await expect(page.getByText('Written in the first tab')).toBeVisible()
  await expect(page.getByText('Written in the second tab')).toHaveCount(0)

  // Opened again, the form starts from the saved version, and a save goes through. Leaving asks
  // first (what was typed is not saved); it stays on this device as a draft, offered back.
  other.on('dialog', (dialog) => void dialog.accept())
  await other.goto(editUrl.replace(/\/edit$/, ''))
  await expect(other.getByText('Written in the first tab')).toBeVisible()
  await other.goto(editUrl)
  await expect(
    other.getByText(/You have unsaved changes from .*, kept on this device\./),
  ).toBeVisible()
  await other.getByRole('button', { name: 'Discard' }).click()
  await expect(other.getByLabel('Notes')).toHaveValue('Written in the first tab')
  await other.getByLabel('Notes').fill('Written in the first tab, then the second')
  await other.getByRole('button', { name: 'Save changes' }).click()
  await expect(other.getByText('Written in the first tab, then the second')).toBeVisible()
})
