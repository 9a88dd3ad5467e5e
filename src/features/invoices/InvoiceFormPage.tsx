import { DocumentFormPage } from '@/billing/ui/documents/DocumentFormPage'

export default function InvoiceFormPage() {
  return <DocumentFormPage kind="invoices" />
}
