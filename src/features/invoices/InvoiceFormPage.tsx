import { DocumentFormPage } from '@/components/billing/documents/DocumentFormPage'

export default function InvoiceFormPage() {
  return <DocumentFormPage kind="invoices" />
}
