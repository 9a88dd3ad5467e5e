import { prepareLazily } from './receipt'

/**
 * The photo taken from the expenses list's "Photograph a receipt", handed to the new expense's
 * form it opens (a File does not fit in a URL), already being made smaller. The form reads it
 * however often it is drawn; the list lets it go when it is shown again (and a save does).
 */
let picked: Promise<File> | null = null

export function handOffReceipt(file: File) {
  picked = prepareLazily(file)
}

export const handedReceipt = (): Promise<File> | null => picked

export function releaseHandedReceipt() {
  picked = null
}
