import { DocumentPrintPage } from '@/components/billing/documents/DocumentPrintPage'

export default function QuotePrintPage() {
  return <DocumentPrintPage kind="quotes" />
}
