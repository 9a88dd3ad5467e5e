// The customer's page speaks the document's language (the customer's), sets <html lang dir>,
// and lets the customer pick another language, kept for the next visit.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PublicDocumentPage } from '@/features/public-document/PublicDocumentPage'
import { CHOSEN_LANGUAGE_KEY } from '@/features/public-document/language'
import type { PrintableDocument } from '@/billing/printable'
import { invoiceFixture, quoteFixture } from '../lib/pdf-fixture'

function serve(doc: PrintableDocument) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (String(url).endsWith('/tok')) return new Response(JSON.stringify(doc), { status: 200 })
      return new Response('{}', { status: 404 })
    }),
  )
}

beforeEach(() => {
  localStorage.clear()
  document.documentElement.lang = 'en'
  document.documentElement.dir = 'ltr'
})
afterEach(() => vi.unstubAllGlobals())

describe('the public document page', () => {
  it('shows a German customer the quote in German, whatever the browser speaks', async () => {
    serve(quoteFixture({ language: 'de', number: 'Q-00007' }))
    render(<PublicDocumentPage token="tok" />)
    expect(await screen.findByRole('button', { name: 'PDF herunterladen' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Drucken' })).toBeInTheDocument()
    // The answer form is its own chunk, fetched for a quote that can still be answered.
    expect(await screen.findByRole('heading', { name: 'Ihre Antwort' })).toBeInTheDocument()
    const sheet = screen.getByRole('article', { name: 'Angebot Q-00007' })
    expect(within(sheet).getByText('Angebotsdatum')).toBeInTheDocument()
    expect(within(sheet).getByText('02.03.2026')).toBeInTheDocument()
    await waitFor(() => expect(document.documentElement.lang).toBe('de'))
    expect(document.documentElement.dir).toBe('ltr')
    // The title is set by an effect, which may run after the sheet shows.
    await waitFor(() => expect(document.title).toBe('Angebot Q-00007 von Atelier Lumière GmbH'))
  })

  it('switches to the language the customer picks, right to left for Arabic, and keeps it', async () => {
    serve(quoteFixture({ language: 'de', number: 'Q-00007' }))
    const user = userEvent.setup()
    const { unmount } = render(<PublicDocumentPage token="tok" />)
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sprache' }), 'ar')
    expect(await screen.findByRole('button', { name: 'تنزيل PDF' })).toBeInTheDocument()
    expect(screen.getByRole('article', { name: 'عرض سعر Q-00007' })).toHaveAttribute('dir', 'rtl')
    await waitFor(() => expect(document.documentElement.lang).toBe('ar'))
    expect(document.documentElement.dir).toBe('rtl')
    expect(localStorage.getItem(CHOSEN_LANGUAGE_KEY)).toBe('ar')
    unmount()

    // The next visit, another document: the customer's choice still holds.
    serve(quoteFixture({ language: 'fr', number: 'Q-00008' }))
    render(<PublicDocumentPage token="tok" />)
    expect(await screen.findByRole('article', { name: 'عرض سعر Q-00008' })).toBeInTheDocument()
  })

  it('keeps what the customer typed when they switch languages', async () => {
    serve(quoteFixture({ language: 'de', number: 'Q-00007' }))
    const user = userEvent.setup()
    render(<PublicDocumentPage token="tok" />)
    await user.type(await screen.findByLabelText('Vollständiger Name'), 'Zoë Ørsted')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'fr')
    expect(await screen.findByLabelText('Nom complet')).toHaveValue('Zoë Ørsted')
  })

  it('says a dead link in the customer’s chosen language', async () => {
    localStorage.setItem(CHOSEN_LANGUAGE_KEY, 'fr')
    serve(quoteFixture())
    render(<PublicDocumentPage token="other" />)
    expect(
      await screen.findByRole('heading', { name: 'Ce lien n’est plus valide.' }),
    ).toBeInTheDocument()
  })

  it('says an invoice settled by a credit note is settled by it, not paid, on the page and the sheet', async () => {
    const base = invoiceFixture()
    serve(
      invoiceFixture({
        language: 'en',
        status: 'paid',
        display_status: 'paid',
        paid_cents: 0,
        credited_cents: base.total_cents,
        balance_cents: 0,
      }),
    )
    render(<PublicDocumentPage token="tok" />)
    const status = await screen.findByText(/^SETTLED — nothing is left to pay\./)
    expect(status).toHaveTextContent(/A credit note covers €[\d,.]+ of this invoice of €[\d,.]+\./)
    expect(screen.queryByText(/PAID — thank you/)).not.toBeInTheDocument()
    const sheet = screen.getByRole('article', { name: /^Invoice INV-00042/ })
    expect(within(sheet).getByText('Credited')).toBeInTheDocument()
    expect(within(sheet).getByText('Balance due')).toBeInTheDocument()
  })
})
