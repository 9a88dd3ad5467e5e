// @vitest-environment jsdom
// The server's refusals in the interface's language: errors.ts says them again from their code
// and params (server/internal/refusal), in German here; English shows the server's sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientResponseError } from 'pocketbase'
import { fieldErrorsOf, mutationErrorMessage, refusal, toFailure } from '@/lib/errors'
import { setLocale } from '@/lib/i18n'

const err = (status: number, response: Record<string, unknown>) =>
  new ClientResponseError({ status, response, url: '/api/x' })

/** A refusal of one field, as PocketBase writes it. */
const fieldRefusal = (field: string, code: string, message: string, params?: object) =>
  err(400, {
    status: 400,
    message,
    data: { [field]: { code, message, ...(params && { params }) } },
  })

/** A refusal about no field. */
const answer = (status: number, code: string, message: string, params?: object) =>
  err(status, {
    status,
    message,
    data: { '@refusal': { code, message, ...(params && { params }) } },
  })

const overpaid = fieldRefusal(
  'amount_cents',
  'folio_overpayment',
  'The payment is more than the balance due (70.00 EUR).',
  { amount: '70.00 EUR', amount_cents: 7000, currency: 'EUR' },
)

describe('refusals in English', () => {
  it('are the server sentence, word for word', () => {
    expect(mutationErrorMessage(overpaid)).toBe(
      'The payment is more than the balance due (70.00 EUR).',
    )
    expect(fieldErrorsOf(overpaid)).toEqual({
      amount_cents: 'The payment is more than the balance due (70.00 EUR).',
    })
  })
})

describe('refusals in German', () => {
  beforeAll(() => setLocale('de'))
  afterAll(() => setLocale('en'))

  const euros = (n: number) =>
    new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(n)

  it('a field refusal with an amount: the sentence and the field, in German money', () => {
    const sentence = `Die Zahlung übersteigt den offenen Betrag (${euros(70)}).`
    expect(mutationErrorMessage(overpaid)).toBe(sentence)
    expect(fieldErrorsOf(overpaid)).toEqual({ amount_cents: sentence })
    expect(refusal(overpaid)).toEqual({ message: sentence, fields: { amount_cents: sentence } })
  })

  it('statuses and kinds are chosen in the sentence', () => {
    const e = fieldRefusal(
      'status',
      'folio_bad_transition',
      "A sent quote can't be marked draft.",
      {
        from: 'sent',
        kind: 'quote',
        to: 'draft',
      },
    )
    expect(mutationErrorMessage(e)).toBe(
      'Ein Angebot mit dem Status „Versendet“ kann nicht auf „Entwurf“ gesetzt werden.',
    )
  })

  it('a refusal about no field', () => {
    expect(mutationErrorMessage(answer(404, 'folio_quote_not_found', 'Quote not found.'))).toBe(
      'Angebot nicht gefunden.',
    )
    expect(
      fieldErrorsOf(answer(404, 'folio_quote_not_found', 'Quote not found.')),
      'the refusal is no field',
    ).toEqual({})
  })

  it('a list of fields, each by its own words', () => {
    const message = 'Fill in the city and the country to send e-invoices.'
    const e = err(400, {
      status: 400,
      message,
      data: {
        '@refusal': {
          code: 'folio_einvoice_missing',
          message,
          params: { fields: ['company_city', 'company_country'] },
        },
        company_city: {
          code: 'folio_einvoice_missing',
          message: 'Fill in the city to send e-invoices.',
          params: { fields: ['company_city'] },
        },
      },
    })
    expect(mutationErrorMessage(e)).toBe(
      'Geben Sie den Ort und das Land an, um E-Rechnungen zu senden.',
    )
    expect(fieldErrorsOf(e)).toEqual({
      company_city: 'Geben Sie den Ort an, um E-Rechnungen zu senden.',
    })
  })

  it("PocketBase's validation codes, with their values when they came", () => {
    const e = err(400, {
      status: 400,
      message: 'Failed to create record.',
      data: {
        name: { code: 'validation_required', message: 'Cannot be blank.' },
        password: {
          code: 'validation_min_text_constraint',
          message: 'Must be at least 8 character(s).',
        },
        notes: {
          code: 'validation_max_text_constraint',
          message: 'Must be no more than 500 character(s).',
          params: { max: 500 },
        },
      },
    })
    expect(mutationErrorMessage(e)).toBe('Der Datensatz konnte nicht erstellt werden.')
    expect(fieldErrorsOf(e)).toEqual({
      name: 'Darf nicht leer sein.',
      password: 'Must be at least 8 character(s).',
      notes: 'Darf höchstens 500 Zeichen lang sein.',
    })
  })

  it('an unknown code keeps the server sentence', () => {
    expect(mutationErrorMessage(answer(400, 'folio_from_the_future', 'Something new.'))).toBe(
      'Something new.',
    )
  })

  it('the auth chart gets 2FA refusals translated, sign-in credentials as the SPEC reads them', () => {
    expect(toFailure(answer(400, 'folio_invalid_2fa_code', 'Invalid 2FA code.')).message).toBe(
      'Ungültiger 2FA-Code.',
    )
    expect(
      toFailure(answer(400, 'folio_invalid_credentials', 'Invalid login credentials.')).message,
    ).toBe('Invalid login credentials.')
  })

  it('no answer at all', () => {
    expect(refusal(new TypeError('Failed to fetch')).message).toBe(
      'Der Server ist nicht erreichbar. Versuchen Sie es erneut, sobald Sie wieder online sind.',
    )
    expect(mutationErrorMessage(new Error('boom'))).toBe('Etwas ist schiefgelaufen!')
  })
})
