/**
 * The first-run setup checklist: which steps a new account has done, and whether the card shows.
 *
 * When it shows (a choice, stated here once):
 * - while any of the five steps is not done, and the user has not hidden it on this device;
 * - and only during the first run: once the business details, a customer and an invoice are
 *   there AND the account has more than FIRST_RUN_INVOICES invoices, the account is plainly in
 *   use and the card stays away, even if the app is not installed or 2FA is off. The demo account
 *   (its business filled in, dozens of invoices) therefore never shows it; a new account keeps it
 *   for install and 2FA through its first few invoices, and can hide it at any time.
 * Nothing here is a rule of the server: it only decides what the dashboard offers.
 */
export const SETUP_STEPS = ['business', 'customer', 'invoice', 'install', 'twoFactor'] as const
export type SetupStep = (typeof SETUP_STEPS)[number]

/** With more invoices than this (and the first three steps done), the first run is over. */
export const FIRST_RUN_INVOICES = 5

export interface SetupFacts {
  /** Business name, address and currency are filled in (see businessReady). */
  business: boolean
  customers: number
  invoices: number
  /** Running installed, or installed on this device before. */
  installed: boolean
  twoFactor: boolean
}

export interface SetupItem {
  step: SetupStep
  done: boolean
}

/** What the first invoice needs to print its sender. */
export function businessReady(seller: {
  company_name?: string
  company_address?: string
  default_currency?: string
}): boolean {
  return Boolean(
    seller.company_name?.trim() && seller.company_address?.trim() && seller.default_currency,
  )
}

export function setupItems(f: SetupFacts): SetupItem[] {
  const done: Record<SetupStep, boolean> = {
    business: f.business,
    customer: f.customers > 0,
    invoice: f.invoices > 0,
    install: f.installed,
    twoFactor: f.twoFactor,
  }
  return SETUP_STEPS.map((step) => ({ step, done: done[step] }))
}

/** Whether the checklist card shows (see the comment at the top). */
export function showChecklist(f: SetupFacts, hidden: boolean): boolean {
  if (hidden) return false
  const items = setupItems(f)
  if (items.every((i) => i.done)) return false
  const basicsDone = items.slice(0, 3).every((i) => i.done)
  return !(basicsDone && f.invoices > FIRST_RUN_INVOICES)
}

const hiddenKey = (userId: string) => `folio.setupChecklistHidden.${userId}`

/** "Hide the checklist", remembered per user on this device. */
export function isChecklistHidden(userId: string, storage: Storage = localStorage): boolean {
  try {
    return storage.getItem(hiddenKey(userId)) === '1'
  } catch {
    return false
  }
}

export function hideChecklist(userId: string, storage: Storage = localStorage) {
  try {
    storage.setItem(hiddenKey(userId), '1')
  } catch {
    // Storage refused (private mode): hidden for this visit only.
  }
}
