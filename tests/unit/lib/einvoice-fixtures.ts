// E-invoice fixtures: each case is one invoice as the app would hold it, built twice from one
// spec — the PrintableDocument the PDF draws and the EInvoiceSource the XML is made from — with
// the server's arithmetic (line net = round(qty × price × (1 − discount)), the document discount
// shared over the VAT groups by largest remainder, tax = round(group net × rate), half away from
// zero). Where every rate has one category, computeTotals (the server's TypeScript twin) must
// agree, so the fixtures cannot drift from what the server stores.
import type { EInvoiceFormat } from '@/billing/einvoice'
import { unitCodeFor } from '@/billing/einvoice'
import { reasonFor } from '@/billing/einvoice/model'
import type { EInvoiceSource, VatCategory } from '@/billing/einvoice/source'
import { decideDepositNets, decideFinal, type FinalDeduction } from '@/billing/deposits'
import { computeTotals } from '@/billing/money/totals'
import type { PrintableDocument } from '@/billing/printable'
import { invoiceFixture } from './pdf-fixture'

export interface LineSpec {
  d: string
  q: number
  unit: string
  /** Unit price in cents. */
  p: number
  disc?: number
  rate: number
  cat?: VatCategory
}

type Buyer = EInvoiceSource['buyer'] & { reference: string }

export interface InvoiceSpec {
  number: string
  currency?: string
  issue?: string
  due?: string
  lines: LineSpec[]
  discount?: number
  paidCents?: number
  buyer: Buyer
  /** Exemption reasons per category, as the business typed them ("" → the default, if any). */
  reasons?: Partial<Record<VatCategory, string>>
  /** false: the business gave no bank account. */
  bank?: boolean
  notes?: string
  terms?: string
  /** Overrides for the seller (e.g. an empty contact to test missingForEInvoice). */
  seller?: Partial<EInvoiceSource['seller']>
  /**
   * A credit note (381) of this invoice, as the app builds one from the stored credit note: no
   * due date, terms, bank account or payments of its own.
   */
  credits?: { number: string; issue: string }
  /** A deposit invoice (386). */
  deposit?: boolean
  /** A final invoice: what it deducts (decideFinal's answer; the deposits paid before). */
  deduction?: FinalDeduction
}

export interface EInvoiceCase {
  name: string
  formats: EInvoiceFormat[]
  source: EInvoiceSource
  printable: PrintableDocument
}

export const SELLER: EInvoiceSource['seller'] = {
  name: 'Atelier Lumière GmbH',
  street: 'Schönhauser Allee 12\nHinterhaus, 3. OG',
  city: 'Berlin',
  postal_code: '10119',
  country: 'DE',
  vat_id: 'DE123456789',
  tax_registration: '37/123/45678',
  // Its German VAT number as Peppol address (EAS 9930); one XRechnung case uses email instead.
  endpoint_id: 'DE123456789',
  endpoint_scheme: '9930',
  contact_name: 'Lena Vogel',
  contact_phone: '+49 30 1234567',
  contact_email: 'lena.vogel@atelier.example',
}

const BANK = { holder: 'Atelier Lumière GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }

/** A German public buyer: its Leitweg-ID is the buyer reference and its Peppol address (0204). */
export const CITY: Buyer = {
  name: 'Stadtverwaltung Musterstadt',
  street: 'Rathausplatz 1\nFachbereich Digitales',
  city: 'Musterstadt',
  postal_code: '12345',
  country: 'DE',
  vat_id: '',
  endpoint_id: '04011000-12345-03',
  endpoint_scheme: '0204',
  reference: '04011000-12345-03',
}

/** An Austrian company (reverse charge for services). */
export const VIENNA: Buyer = {
  name: 'Bergmann Design GmbH',
  street: 'Mariahilfer Straße 88',
  city: 'Wien',
  postal_code: '1070',
  country: 'AT',
  vat_id: 'ATU12345678',
  endpoint_id: 'ATU12345678',
  endpoint_scheme: '9914',
  reference: '',
}

/** A Dutch company (intra-community supply of goods). */
export const UTRECHT: Buyer = {
  name: 'Van Dijk Interieur B.V.',
  street: 'Oudegracht 201',
  city: 'Utrecht',
  postal_code: '3511 NK',
  country: 'NL',
  vat_id: 'NL123456789B01',
  endpoint_id: 'NL123456789B01',
  endpoint_scheme: '9944',
  reference: '',
}

/** A British company (export of goods, in pounds). */
export const LONDON: Buyer = {
  name: 'Hartley & Finch Ltd',
  street: '14 Clerkenwell Close',
  city: 'London',
  postal_code: 'EC1R 0AA',
  country: 'GB',
  vat_id: 'GB123456789',
  endpoint_id: 'GB123456789',
  endpoint_scheme: '9932',
  reference: '',
}

/** A US company (services not subject to VAT, in dollars). */
export const BROOKLYN: Buyer = {
  name: 'Northwind Studio LLC',
  street: '55 Water Street, Suite 4',
  city: 'Brooklyn',
  postal_code: '11201',
  country: 'US',
  vat_id: '',
  // DUNS (EAS 0060): Peppol has no email addresses.
  endpoint_id: '081466849',
  endpoint_scheme: '0060',
  reference: '',
}

/** n × num / den rounded half away from zero, exactly. */
function mulDivRound(n: bigint, den: bigint): bigint {
  const q = n / den
  const r = n % den
  const twice = (r < 0n ? -r : r) * 2n
  if (twice >= den) return n < 0n ? q - 1n : q + 1n
  return q
}

export function buildCase(
  name: string,
  formats: EInvoiceFormat[],
  spec: InvoiceSpec,
): EInvoiceCase {
  const currency = spec.currency ?? 'EUR'
  const issue = spec.issue ?? '2026-03-02'
  const due = spec.due ?? '2026-04-01'
  const discount = spec.discount ?? 0
  const lines = spec.lines.map((l) => {
    const milli = BigInt(Math.round(l.q * 1000))
    const bp = BigInt(Math.round((l.disc ?? 0) * 100))
    const net = mulDivRound(milli * BigInt(l.p) * (10000n - bp), 10_000_000n)
    return { ...l, cat: l.cat ?? (l.rate > 0 ? 'S' : 'Z'), net: Number(net) }
  })
  const subtotal = lines.reduce((a, l) => a + l.net, 0)
  const discountCents = Number(
    mulDivRound(BigInt(subtotal) * BigInt(Math.round(discount * 100)), 10000n),
  )

  // Groups per (category, rate), sorted by rate as the server sorts them.
  const keys: Array<{ cat: VatCategory; rate: number; net: number }> = []
  for (const l of lines) {
    const g = keys.find((k) => k.cat === l.cat && k.rate === l.rate)
    if (g) g.net += l.net
    else keys.push({ cat: l.cat, rate: l.rate, net: l.net })
  }
  keys.sort((a, b) => a.rate - b.rate || a.cat.localeCompare(b.cat))
  // Largest remainder, ties to the earlier group (server/internal/money).
  const shares = keys.map(() => 0)
  if (discountCents && subtotal) {
    let left = discountCents
    const rems = keys.map((k, i) => {
      const num = discountCents * k.net
      shares[i] = Math.floor(num / subtotal)
      left -= shares[i] ?? 0
      return { i, r: num % subtotal }
    })
    rems.sort((a, b) => (a.r === b.r ? a.i - b.i : b.r - a.r))
    for (let k = 0; left > 0; k++, left--) {
      const at = rems[k]?.i ?? 0
      shares[at] = (shares[at] ?? 0) + 1
    }
  }
  const breakdown = keys.map((k, i) => {
    const net = k.net - (shares[i] ?? 0)
    const tax = Number(mulDivRound(BigInt(net) * BigInt(Math.round(k.rate * 1000)), 100_000n))
    return { category: k.cat, rate: k.rate, net_cents: net, tax_cents: tax }
  })
  const tax = breakdown.reduce((a, r) => a + r.tax_cents, 0)
  const total = subtotal - discountCents + tax
  const credit = spec.credits
  const paid = credit ? 0 : (spec.paidCents ?? 0)
  const deposits = spec.deduction?.deposits ?? []
  const deducted = deposits.reduce((a, d) => a + d.gross_cents, 0)

  // The server's twin must agree wherever a rate has a single category.
  if (new Set(keys.map((k) => k.rate)).size === keys.length) {
    const t = computeTotals(
      lines.map((l) => ({
        quantity: l.q,
        unit_price_cents: l.p,
        discount_percent: l.disc ?? 0,
        tax_rate: l.rate,
      })),
      discount,
    )
    const mine = {
      lines: lines.map((l) => l.net),
      subtotal,
      discountCents,
      tax,
      total,
      groups: breakdown.map((r) => [r.rate, r.net_cents, r.tax_cents]),
    }
    const theirs = {
      lines: t.lines_net_cents,
      subtotal: t.subtotal_cents,
      discountCents: t.discount_cents,
      tax: t.tax_cents,
      total: t.total_cents,
      groups: t.tax_breakdown.map((r) => [r.rate, r.net_cents, r.tax_cents]),
    }
    if (JSON.stringify(mine) !== JSON.stringify(theirs)) {
      throw new Error(`${name}: fixture ≠ computeTotals\n${JSON.stringify({ mine, theirs })}`)
    }
  }

  const seller = { ...SELLER, ...spec.seller }
  const bank = spec.bank === false || credit ? null : BANK
  const notes = spec.notes ?? 'Thank you for your business.'
  const terms = credit
    ? ''
    : (spec.terms ?? 'Payment within 30 days of the invoice date, without deduction.')
  const dueDate = credit ? '' : due
  const { reference, ...buyer } = spec.buyer

  const source: EInvoiceSource = {
    type_code: credit ? '381' : spec.deposit ? '386' : '380',
    ...(deposits.length
      ? {
          deposits: deposits.map((d) => ({
            number: d.number,
            issue_date: d.issue_date,
            rows: d.rows,
          })),
          deducted_cents: deducted,
        }
      : {}),
    number: spec.number,
    issue_date: issue,
    due_date: dueDate,
    ...(credit ? { preceding_invoice: { number: credit.number, issue_date: credit.issue } } : {}),
    currency,
    notes,
    terms,
    buyer_reference: reference || spec.number,
    seller,
    buyer,
    payment: bank,
    lines: lines.map((l, i) => ({
      id: String(i + 1),
      description: l.d,
      quantity: l.q,
      unit_code: unitCodeFor(l.unit),
      unit_price_cents: l.p,
      discount_percent: l.disc ?? 0,
      net_cents: l.net,
      tax_rate: l.rate,
      vat_category: l.cat,
    })),
    discount_percent: discount,
    discount_cents: discountCents,
    subtotal_cents: subtotal,
    tax_cents: tax,
    total_cents: total,
    paid_cents: paid,
    balance_cents: total - deducted - paid,
    tax_breakdown: breakdown.map((r) => ({
      ...r,
      exemption_reason: spec.reasons?.[r.category] ?? '',
    })),
  }

  const status = credit ? 'issued' : paid > 0 ? 'partial' : 'sent'
  const printable: PrintableDocument = {
    kind: credit ? 'credit_note' : 'invoice',
    ...(credit ? { credits_invoice: credit.number } : {}),
    number: spec.number,
    status,
    display_status: status,
    currency,
    issue_date: issue,
    due_date: dueDate,
    expiry_date: '',
    seller: {
      company_name: seller.name,
      company_address: seller.street,
      company_tax_id: seller.tax_registration,
      postal_code: seller.postal_code,
      city: seller.city,
      country: seller.country,
      // An invoice not subject to VAT shows no VAT ID (BR-O-02), on paper as in the XML.
      vat_id: lines.some((l) => l.cat === 'O') ? '' : seller.vat_id,
      logo_url: '',
    },
    buyer: {
      name: buyer.name,
      contact_name: '',
      address: buyer.street,
      city: buyer.city,
      postal_code: buyer.postal_code,
      country: buyer.country,
      tax_id: buyer.vat_id,
    },
    items: lines.map((l) => ({
      description: l.d,
      quantity: l.q,
      unit: l.unit,
      unit_price_cents: l.p,
      discount_percent: l.disc ?? 0,
      tax_rate: l.rate,
      net_cents: l.net,
    })),
    discount_percent: discount,
    subtotal_cents: subtotal,
    discount_cents: discountCents,
    tax_cents: tax,
    total_cents: total,
    tax_breakdown: breakdown.map((r) => ({
      rate: r.rate,
      net_cents: r.net_cents,
      tax_cents: r.tax_cents,
    })),
    paid_cents: paid,
    credited_cents: 0,
    refunded_cents: 0,
    credit_cents: 0,
    balance_cents: total - deducted - paid,
    notes,
    terms,
    payment: bank ? { ...bank, reference: spec.number } : null,
    answer: null,
    deposit: spec.deposit ?? false,
    deduction: spec.deduction ?? null,
    vat_note: source.tax_breakdown
      .map((r) => reasonFor(r))
      .filter(Boolean)
      .join('\n'),
  }
  return { name, formats, source, printable }
}

const ALL: EInvoiceFormat[] = ['facturx', 'xrechnung', 'peppol']
const EU: EInvoiceFormat[] = ['facturx', 'peppol']

/** The 70-line, 3-page invoice of the PDF test, sent to the city. */
function manyLines(): EInvoiceCase {
  const doc = invoiceFixture()
  return buildCase('many lines (3 pages, 19 % and 7 %, line discounts, partly paid)', ALL, {
    number: doc.number,
    buyer: CITY,
    lines: doc.items.map((l) => ({
      d: l.description,
      q: l.quantity,
      unit: l.unit,
      p: l.unit_price_cents,
      disc: l.discount_percent,
      rate: l.tax_rate,
    })),
    paidCents: doc.paid_cents,
    notes: doc.notes,
    terms: doc.terms,
  })
}

/**
 * A piece of work at 19 % and 7 %, a 30 % deposit and a 500.00 deposit asked of it (386, lines as
 * the server makes them), both paid, and the final invoice that deducts them per rate.
 */
function depositCases(): EInvoiceCase[] {
  const work: LineSpec[] = [
    { d: 'Shop fitting, oak shelving', q: 18, unit: 'h', p: 6_450, rate: 19 },
    { d: 'Reference books for the shop', q: 120, unit: 'pcs', p: 1_790, rate: 7 },
    { d: 'Delivery and assembly', q: 1, unit: '', p: 38_000, rate: 19 },
  ]
  const totals = computeTotals(
    work.map((l) => ({
      quantity: l.q,
      unit_price_cents: l.p,
      discount_percent: 0,
      tax_rate: l.rate,
    })),
    0,
  )
  const asks = [
    {
      number: 'INV-00121',
      issue: '2026-02-02',
      percent: 30,
      amount_cents: 0,
      d: 'Deposit on quote Q-00031 (30 %)',
    },
    {
      number: 'INV-00124',
      issue: '2026-02-16',
      percent: 0,
      amount_cents: 50_000,
      d: 'Deposit on quote Q-00031',
    },
  ]
  const deposits = asks.map((a) => {
    const nets = decideDepositNets(totals.tax_breakdown, totals.total_cents, a)
    if ('problem' in nets) throw new Error(nets.problem)
    return buildCase(
      `deposit invoice (386), ${a.percent ? '30 %' : 'an amount'}, 19 % and 7 %`,
      ALL,
      {
        number: a.number,
        issue: a.issue,
        due: '2026-03-02',
        buyer: CITY,
        deposit: true,
        lines: nets.map((n) => ({
          d: `${a.d} · VAT ${n.rate} %`,
          q: 1,
          unit: '',
          p: n.net_cents,
          rate: n.rate,
        })),
      },
    )
  })
  const final = decideFinal(
    totals.tax_breakdown,
    totals.total_cents,
    deposits.map((c, i) => ({
      id: String(i),
      number: c.source.number,
      issue_date: c.source.issue_date,
      breakdown: c.source.tax_breakdown,
      credited: [],
      paid_cents: c.source.total_cents,
    })),
  )
  if ('problem' in final) throw new Error(final.problem)
  return [
    ...deposits,
    buildCase('final invoice deducting 2 deposits per rate, 19 % and 7 %', ALL, {
      number: 'INV-00131',
      issue: '2026-03-16',
      buyer: CITY,
      lines: work,
      deduction: final,
    }),
  ]
}

export function einvoiceCases(): EInvoiceCase[] {
  return [
    buildCase('one line', ALL, {
      number: 'INV-00101',
      buyer: CITY,
      lines: [{ d: 'Website relaunch, fixed price', q: 1, unit: '', p: 480_000, rate: 19 }],
    }),
    manyLines(),
    buildCase('two tax rates', ALL, {
      number: 'INV-00102',
      buyer: CITY,
      lines: [
        { d: 'Editorial design, annual report', q: 12, unit: 'h', p: 9_500, rate: 19 },
        { d: 'Printed copies, annual report', q: 250, unit: 'pcs', p: 389, rate: 7 },
        { d: 'Delivery', q: 1, unit: '', p: 2_490, rate: 19 },
      ],
    }),
    buildCase('document discount (3 %, shared over 19 % and 7 %)', ALL, {
      number: 'INV-00103',
      buyer: CITY,
      discount: 3,
      lines: [
        { d: 'Workshop facilitation', q: 2, unit: 'day', p: 96_000, rate: 19 },
        { d: 'Workshop handbooks', q: 17, unit: 'pcs', p: 1_999, rate: 7 },
        { d: 'Follow-up call', q: 0.75, unit: 'hours', p: 11_000, rate: 19 },
      ],
    }),
    buildCase('line discounts, fractional quantities', ALL, {
      number: 'INV-00104',
      buyer: CITY,
      lines: [
        { d: 'Illustration, cover', q: 1.5, unit: 'h', p: 8_333, disc: 12.5, rate: 19 },
        {
          d: 'Licence, 12 months\nUsage in print and online',
          q: 1,
          unit: 'yr',
          p: 129_900,
          disc: 10,
          rate: 19,
        },
        { d: 'Hosting', q: 3, unit: 'mo', p: 1_999, disc: 7.25, rate: 19 },
      ],
    }),
    buildCase('zero-rated (Z) next to standard-rated', ALL, {
      number: 'INV-00105',
      buyer: CITY,
      lines: [
        {
          d: 'Solar panels, 10 kWp (0 % under § 12 (3) UStG)',
          q: 24,
          unit: 'pc',
          p: 21_900,
          rate: 0,
          cat: 'Z',
        },
        { d: 'Scaffolding rental', q: 1, unit: 'wk', p: 45_000, rate: 19 },
      ],
    }),
    buildCase('exempt (E) with a reason', ALL, {
      number: 'INV-00106',
      buyer: CITY,
      reasons: { E: 'Steuerfrei nach § 4 Nr. 21 UStG (berufsbildende Schulung)' },
      lines: [
        { d: 'Accessibility training for staff', q: 2, unit: 'd', p: 120_000, rate: 0, cat: 'E' },
        { d: 'Training materials, printed', q: 30, unit: 'set', p: 1_250, rate: 19 },
      ],
    }),
    buildCase('reverse charge (AE), default reason', EU, {
      number: 'INV-00107',
      buyer: VIENNA,
      lines: [
        { d: 'Brand strategy consulting', q: 16, unit: 'h', p: 12_000, rate: 0, cat: 'AE' },
        { d: 'Design system audit', q: 1, unit: '', p: 250_000, rate: 0, cat: 'AE' },
      ],
    }),
    buildCase('intra-community supply (K)', EU, {
      number: 'INV-00108',
      buyer: UTRECHT,
      reasons: { K: 'Steuerfreie innergemeinschaftliche Lieferung (§ 4 Nr. 1b UStG)' },
      lines: [
        { d: 'Pendant lamp "Halo", brass', q: 6, unit: 'pcs', p: 34_900, rate: 0, cat: 'K' },
        { d: 'Ceiling canopy', q: 6, unit: 'pcs', p: 2_450, disc: 5, rate: 0, cat: 'K' },
      ],
    }),
    buildCase('partially paid', ALL, {
      number: 'INV-00109',
      buyer: CITY,
      lines: [
        { d: 'Photography, event', q: 6.5, unit: 'h', p: 13_500, rate: 19 },
        { d: 'Image licences', q: 40, unit: 'pcs', p: 1_500, rate: 7 },
      ],
      paidCents: 50_000,
    }),
    buildCase('in pounds, export of goods (G) to the UK', EU, {
      number: 'INV-00110',
      currency: 'GBP',
      buyer: LONDON,
      reasons: { G: 'Export outside the EU (§ 4 Nr. 1a UStG)' },
      lines: [
        {
          d: 'Letterpress posters, limited edition',
          q: 40,
          unit: 'pcs',
          p: 4_500,
          rate: 0,
          cat: 'G',
        },
        { d: 'Framing', q: 10, unit: 'pcs', p: 6_900, disc: 15, rate: 0, cat: 'G' },
      ],
      discount: 2.5,
    }),
    buildCase('in dollars, not subject to VAT (O)', EU, {
      number: 'INV-00111',
      currency: 'USD',
      buyer: BROOKLYN,
      reasons: { O: 'Not subject to German VAT: place of supply outside the EU' },
      bank: false,
      lines: [
        { d: 'UX research sprint', q: 10, unit: 'days', p: 110_000, rate: 0, cat: 'O' },
        { d: 'Usability test participants', q: 8, unit: '', p: 7_500, rate: 0, cat: 'O' },
      ],
    }),
    buildCase('a deduction line (negative price)', ALL, {
      number: 'INV-00114',
      buyer: CITY,
      lines: [
        { d: 'Support retainer, April', q: 1, unit: 'month', p: 150_000, rate: 19 },
        { d: 'Credit for the outage on 3 April', q: 1, unit: '', p: -20_000, rate: 19 },
        { d: 'Extra hours', q: 2.5, unit: 'h', p: 9_000, disc: 10, rate: 19 },
      ],
    }),
    buildCase('business reached by email (EM), XRechnung only', ['facturx', 'xrechnung'], {
      number: 'INV-00113',
      buyer: CITY,
      seller: { endpoint_id: 'rechnungen@atelier.example', endpoint_scheme: 'EM' },
      lines: [{ d: 'Content migration', q: 14, unit: 'hrs', p: 8_500, rate: 19 }],
    }),
    buildCase('credit note (381) of an invoice, 19 % and 7 %', ALL, {
      number: 'CN-00001',
      issue: '2026-03-20',
      credits: { number: 'INV-00102', issue: '2026-03-02' },
      buyer: CITY,
      notes: 'Printed copies returned damaged; delivery not charged.',
      lines: [
        { d: 'Printed copies, annual report (returned)', q: 40, unit: 'pcs', p: 389, rate: 7 },
        { d: 'Delivery', q: 1, unit: '', p: 2_490, rate: 19 },
      ],
    }),
    buildCase('credit note with line and document discounts', ALL, {
      number: 'CN-00002',
      issue: '2026-03-21',
      credits: { number: 'INV-00103', issue: '2026-03-02' },
      buyer: CITY,
      discount: 3,
      lines: [
        { d: 'Workshop facilitation, half day', q: 0.5, unit: 'day', p: 96_000, rate: 19 },
        { d: 'Workshop handbooks', q: 3, unit: 'pcs', p: 1_999, disc: 10, rate: 7 },
      ],
    }),
    buildCase('credit note, reverse charge (AE)', EU, {
      number: 'CN-00003',
      issue: '2026-03-22',
      credits: { number: 'INV-00107', issue: '2026-03-02' },
      buyer: VIENNA,
      lines: [{ d: 'Brand strategy consulting', q: 4, unit: 'h', p: 12_000, rate: 0, cat: 'AE' }],
    }),
    buildCase('no bank account (payment means 1)', ALL, {
      number: 'INV-00112',
      buyer: CITY,
      bank: false,
      lines: [{ d: 'Maintenance, March', q: 1, unit: 'month', p: 60_000, rate: 19 }],
    }),
    ...depositCases(),
  ]
}
