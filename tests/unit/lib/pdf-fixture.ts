// The documents the PDF test and bench/pdf.mjs render: a 70-line invoice that takes three pages,
// and a short quote. Amounts are consistent (net = qty × price − discount, tax per rate).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { PDF_FONT_FILES, type FontBytes } from '@/billing/pdf'
import type { PrintableDocument } from '@/billing/printable'

type Item = PrintableDocument['items'][number]

const TASKS = [
  'Discovery workshop',
  'Wireframes for the onboarding flow',
  'Visual design, dashboard',
  'Front-end build, invoices list',
  'API integration, payments',
  'Accessibility review',
  'Copywriting, help centre',
  'Performance audit',
  'Hosting, monthly',
  'Support retainer',
]

/** Line n (1-based): mostly hours at 85 €, every seventh has a discount, a few are goods. */
function item(n: number): Item {
  const goods = n % 10 === 0
  const quantity = goods ? 2 : (n % 4) + 1
  const unit = goods ? 'pcs' : 'h'
  const unit_price_cents = goods ? 12_900 : 8_500
  const discount_percent = n % 7 === 0 ? 10 : 0
  const tax_rate = goods ? 7 : 19
  const gross = quantity * unit_price_cents
  const net_cents = gross - Math.round((gross * discount_percent) / 100)
  const description =
    n === 3
      ? `Item 03 · ${TASKS[2]}\nIncludes two revision rounds`
      : `Item ${String(n).padStart(2, '0')} · ${TASKS[(n - 1) % TASKS.length]}`
  return { description, quantity, unit, unit_price_cents, discount_percent, tax_rate, net_cents }
}

export function invoiceFixture(overrides: Partial<PrintableDocument> = {}): PrintableDocument {
  const items = Array.from({ length: 70 }, (_, i) => item(i + 1))
  const byRate = new Map<number, number>()
  for (const l of items) byRate.set(l.tax_rate, (byRate.get(l.tax_rate) ?? 0) + l.net_cents)
  const tax_breakdown = [...byRate]
    .sort(([a], [b]) => a - b)
    .map(([rate, net_cents]) => ({
      rate,
      net_cents,
      tax_cents: Math.round((net_cents * rate) / 100),
    }))
  const subtotal_cents = items.reduce((n, l) => n + l.net_cents, 0)
  const tax_cents = tax_breakdown.reduce((n, g) => n + g.tax_cents, 0)
  const total_cents = subtotal_cents + tax_cents
  const paid_cents = 100_000
  return {
    kind: 'invoice',
    number: 'INV-00042',
    status: 'partial',
    display_status: 'partial',
    currency: 'EUR',
    issue_date: '2026-03-02',
    due_date: '2026-04-01',
    expiry_date: '',
    seller: {
      company_name: 'Atelier Lumière GmbH',
      company_address: 'Schönhauser Allee 12\n10119 Berlin\nGermany',
      company_tax_id: 'DE123456789',
      postal_code: '',
      city: '',
      country: '',
      vat_id: '',
      logo_url: '',
    },
    buyer: {
      name: 'Zoë Ørsted Consulting ApS',
      contact_name: 'Zoë Ørsted',
      address: 'Nørrebrogade 44, 2. sal',
      city: 'København N',
      postal_code: '2200',
      country: 'DK',
      tax_id: 'DK12345678',
    },
    items,
    discount_percent: 0,
    subtotal_cents,
    discount_cents: 0,
    tax_cents,
    total_cents,
    tax_breakdown,
    paid_cents,
    credited_cents: 0,
    refunded_cents: 0,
    credit_cents: 0,
    balance_cents: total_cents - paid_cents,
    notes: 'Thank you for your business.\nQuestions about this invoice: billing@atelier.example',
    terms:
      'Payment within 30 days of the invoice date. Late payments bear interest at the statutory rate.',
    payment: {
      holder: 'Atelier Lumière GmbH',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      reference: 'INV-00042',
    },
    answer: null,
    vat_note: '',
    ...overrides,
  }
}

export function quoteFixture(overrides: Partial<PrintableDocument> = {}): PrintableDocument {
  const invoice = invoiceFixture()
  const items = invoice.items.slice(0, 4)
  const subtotal_cents = items.reduce((n, l) => n + l.net_cents, 0)
  const tax_cents = Math.round((subtotal_cents * 19) / 100)
  return {
    ...invoice,
    kind: 'quote',
    number: 'Q-00007',
    status: 'sent',
    display_status: 'sent',
    due_date: '',
    expiry_date: '2026-04-15',
    items: items.map((l) => ({ ...l, tax_rate: 19 })),
    subtotal_cents,
    tax_cents,
    total_cents: subtotal_cents + tax_cents,
    tax_breakdown: [{ rate: 19, net_cents: subtotal_cents, tax_cents }],
    paid_cents: 0,
    credited_cents: 0,
    refunded_cents: 0,
    credit_cents: 0,
    balance_cents: subtotal_cents + tax_cents,
    payment: null,
    ...overrides,
  }
}

/** The PDF fonts read from node_modules, as the browser would fetch them. */
export function fixtureFonts(): FontBytes {
  const require = createRequire(import.meta.url)
  return {
    regular: new Uint8Array(readFileSync(require.resolve(PDF_FONT_FILES.regular))),
    bold: new Uint8Array(readFileSync(require.resolve(PDF_FONT_FILES.bold))),
  }
}
