import { execFileSync } from 'node:child_process'
import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'
import { mustangValidate, validateBatch } from './mustang'

/** Clicks `button`, expects a download named `name` (if given): a copy of it under its name. */
export async function download(page: Page, button: Locator, name?: string): Promise<string> {
  const event = page.waitForEvent('download')
  await button.click()
  const d = await event
  if (name) expect(d.suggestedFilename()).toBe(name)
  const copy = `${await d.path()}-${d.suggestedFilename()}`
  execFileSync('cp', [await d.path(), copy])
  return copy
}

/**
 * The official validator's verdict on a file, with the Peppol BIS Schematron's for `peppol`;
 * its errors when it is not valid.
 */
export async function validate(file: string, { peppol = false } = {}) {
  const result = peppol
    ? (await validateBatch([file], { peppol: new Set([file]) })).get(file)
    : await mustangValidate(file)
  return { valid: result?.valid, errors: result?.errors.map((e) => e.text) }
}
