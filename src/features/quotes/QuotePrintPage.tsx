import { DocumentPrintPage } from '@/billing/ui/documents/DocumentPrintPage'

export default function QuotePrintPage() {
  return <DocumentPrintPage kind="quotes" />
}
