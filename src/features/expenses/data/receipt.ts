import type { Expense } from '@/billing/types'
import { fileUrl } from '@/lib/pocketbase/files'

/** What the receipt input offers: photos and PDFs (the server keeps JPEG, PNG, WebP and PDF). */
export const RECEIPT_ACCEPT = 'image/*,application/pdf'

/** Whether a stored file is a PDF (by its name: the server keeps the ending). */
export const isPdfName = (name: string): boolean => /\.pdf$/i.test(name)

/**
 * The URL of an expense's stored file (the receipt or the received e-invoice): both are
 * protected, so a file token is needed; none while there is no token yet (or no file).
 */
export function expenseFileUrl(
  expense: Pick<Expense, 'id'>,
  name: string,
  token: string | null,
): string | null {
  return name && token ? fileUrl('expenses', expense.id, name, '', token) : null
}

/**
 * The receipt as it is sent (a photo made smaller): the image code is loaded only now, so the
 * expense screens do not carry it.
 */
export const prepareLazily = (file: File): Promise<File> =>
  import('./receipt-image').then((m) => m.prepareReceipt(file))
