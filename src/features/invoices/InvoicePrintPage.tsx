import { DocumentPrintPage } from '@/billing/ui/documents/DocumentPrintPage'

export default function InvoicePrintPage() {
  return <DocumentPrintPage kind="invoices" />
}
