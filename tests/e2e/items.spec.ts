// Issue 31, the item catalogue, as a user meets it: make an item, pick it into a new invoice with
// the keyboard only, and turn a typed line into an item.
import { expect, signUp, test, uniqueEmail } from '../support/fixtures'
import { addCustomer } from '../support/billing'
import { axeViolations } from '../support/axe'

test('items: create one, pick it in an invoice with ↓ and Enter, save a typed line as an item', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signUp(page, uniqueEmail('items'))

  // The catalogue is in the sidebar; empty, it invites the first item.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Items' }).click()
  await expect(page.getByRole('heading', { name: 'Items', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: 'New item' }).first().click()
  await page.getByLabel('Name').fill('Design hour')
  await page.getByLabel('SKU').fill('DH-1')
  await page.getByLabel('Unit', { exact: true }).fill('h')
  await page.getByRole('textbox', { name: 'Price in EUR' }).fill('90')
  await page.getByLabel('Tax rate (%)').fill('7')
  expect(await axeViolations(page)).toEqual([])
  await page.getByRole('button', { name: 'Add item' }).click()
  await expect(page.getByRole('heading', { name: 'Design hour', level: 1 })).toBeVisible()
  await page.goto('/items')
  await expect(page.getByRole('row', { name: /Design hour/ })).toBeVisible()
  expect(await axeViolations(page)).toEqual([])

  // A new invoice: two letters of the name, ↓, Enter — the line is filled and stays editable.
  await addCustomer(page, 'Catalogue Customer')
  await page.getByRole('link', { name: 'New invoice' }).click()
  const description = page.getByRole('combobox', { name: 'Line 1 description' })
  await description.focus()
  await page.keyboard.type('De')
  const list = page.getByRole('listbox', { name: 'Items from your catalogue' })
  await expect(list.getByRole('option', { name: /Design hour/ })).toBeVisible()
  // The editor with the list open (the "Customer added" toast fading out is not measured).
  expect(await axeViolations(page, { include: 'main' })).toEqual([])
  await page.keyboard.press('ArrowDown')
  await expect(description).toHaveAttribute(
    'aria-activedescendant',
    (await list.getByRole('option', { name: /Design hour/ }).getAttribute('id')) ?? '',
  )
  await page.keyboard.press('Enter')
  await expect(list).toBeHidden()
  await expect(description).toHaveValue('Design hour')
  await expect(page.getByLabel('Line 1 price')).toHaveValue('90.00')
  await expect(page.getByLabel('Line 1 unit', { exact: true })).toHaveValue('h')
  await expect(page.getByLabel('Line 1 tax %')).toHaveValue('7')
  await page.getByLabel('Line 1 qty').fill('3')
  await expect(page.getByLabel('Line 1 net')).toHaveText('€270.00')

  // Escape closes the list and keeps what was typed.
  await page.getByRole('button', { name: 'Add line' }).click()
  const second = page.getByRole('combobox', { name: 'Line 2 description' })
  await expect(second).toBeFocused()
  await page.keyboard.type('des')
  await expect(list).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(list).toBeHidden()
  await expect(second).toHaveValue('des')

  // "Save as item" turns a typed line into an item.
  await second.fill('Logo design')
  await page.getByLabel('Line 2 price').fill('250')
  await page.getByRole('button', { name: 'Save line 2 as an item' }).click()
  await expect(page.getByText('“Logo design” is now in your items.')).toBeVisible()
  await page.getByRole('button', { name: 'Save invoice' }).click()
  await expect(page.getByRole('heading', { name: 'Invoice INV-00001', level: 1 })).toBeVisible()

  await page.goto('/items?q=logo')
  const row = page.getByRole('row', { name: /Logo design/ })
  await expect(row).toBeVisible()
  await expect(row.getByRole('cell', { name: '€250.00' })).toBeVisible()
})
