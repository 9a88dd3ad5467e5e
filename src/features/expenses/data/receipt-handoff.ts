import { prepareLazily } from './receipt'

/**
 * The photo taken from the expenses list's "Photograph a receipt", handed to the new expense's
 * form it opens (a File does not fit in a URL), already being made smaller. Taken once.
 */
let picked: Promise<File> | null = null

export function handOffReceipt(file: File) {
  picked = prepareLazily(file)
}

export function takeHandedReceipt(): Promise<File> | null {
  const file = picked
  picked = null
  return file
}
