import * as v from 'valibot'

/** A typed percentage (0–100, at most 2 decimals, empty allowed), e.g. a tax rate or discount. */
export const percentText = (what: string) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (s) => s === '' || (/^\d+(\.\d{1,2})?$/.test(s) && Number(s) <= 100),
      `${what} must be a percentage from 0 to 100`,
    ),
  )

/** Typed payment terms in whole days (0–365, the server's limit), as a number. */
export const termsDaysText = v.pipe(
  v.string(),
  v.trim(),
  v.check((s) => /^\d+$/.test(s) && Number(s) <= 365, 'Enter a number of days from 0 to 365'),
  v.transform(Number),
)

/** An ISO 4217 code chosen from a list. */
export const currencyCode = v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, 'Choose a currency'))
