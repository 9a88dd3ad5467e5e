import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { DocumentEditor, type Refusal } from '@/billing/ui/documents/DocumentEditor'
import { emptyLine, type ParsedDocumentForm } from '@/billing/document-form'

/**
 * A new invoice's editor, as the app opens it (one empty line at 19 %), on `qc`. Import this
 * after the test's module mocks are in place (await import).
 */
export function renderInvoiceEditor(
  qc: QueryClient,
  options: {
    currency?: string
    onSubmit?: (values: ParsedDocumentForm) => Promise<Refusal | void>
    draftKey?: string | null
  } = {},
): ReturnType<typeof render> {
  const wrap = (ui: ReactNode) => <QueryClientProvider client={qc}>{ui}</QueryClientProvider>
  return render(
    wrap(
      <DocumentEditor
        kind="invoices"
        initial={{
          customer: '',
          currency: options.currency ?? '',
          issue_date: '2026-11-22',
          end_date: '',
          discount_percent: '',
          notes: '',
          terms: '',
          vat_exemption_category: 'Z',
          vat_exemption_reason: '',
          items: [emptyLine(19)],
        }}
        defaultTaxRate={19}
        submitLabel="Save invoice"
        onSubmit={options.onSubmit ?? (async () => undefined)}
        onCancel={() => {}}
        draftKey={options.draftKey ?? null}
      />,
    ),
  )
}
