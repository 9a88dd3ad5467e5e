import { DocumentFormPage } from '@/billing/ui/documents/DocumentFormPage'

export default function QuoteFormPage() {
  return <DocumentFormPage kind="quotes" />
}
