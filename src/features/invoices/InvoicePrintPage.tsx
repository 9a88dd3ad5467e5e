import { DocumentPrintPage } from '@/components/billing/documents/DocumentPrintPage'

export default function InvoicePrintPage() {
  return <DocumentPrintPage kind="invoices" />
}
