import { DocumentFormPage } from '@/components/billing/documents/DocumentFormPage'

export default function QuoteFormPage() {
  return <DocumentFormPage kind="quotes" />
}
