import { SelectField } from '@/components/ui/inputs'
import { COUNTRIES, countryName } from '@/billing/currencies'
import { ADDRESS_SCHEMES } from '@/billing/einvoice/schemes'
import { intlLocale, LOCALE_NAMES, LOCALES, useLocale, useT } from '@/lib/i18n'

interface CodeSelectProps {
  label: string
  value: string
  onChange: (e: { target: { value: string } }) => void
  error?: string
  /** The first option, for no choice ("Not set", "None"…). */
  empty: string
  hint?: string
}

/** A country, as its ISO 3166 alpha-2 code, by name. */
export function CountrySelect({ empty, ...field }: CodeSelectProps) {
  const locale = intlLocale(useLocale())
  return (
    <SelectField {...field}>
      <option value="">{empty}</option>
      {COUNTRIES.map((c) => (
        <option key={c} value={c}>
          {countryName(c, locale)}
        </option>
      ))}
    </SelectField>
  )
}

/** The scheme (EAS code) of an electronic address: email, Leitweg-ID, a VAT number… */
export function AddressSchemeSelect({ empty, ...field }: CodeSelectProps) {
  const t = useT()
  return (
    <SelectField {...field}>
      <option value="">{empty}</option>
      {ADDRESS_SCHEMES.map((o) => (
        <option key={o.code} value={o.code}>
          {t(o.label)} ({o.code})
        </option>
      ))}
    </SelectField>
  )
}

/** A document language: each language named in its own words. */
export function LanguageSelect({ empty, ...field }: CodeSelectProps) {
  return (
    <SelectField {...field}>
      <option value="">{empty}</option>
      {LOCALES.map((l) => (
        <option key={l} value={l} lang={l}>
          {LOCALE_NAMES[l]}
        </option>
      ))}
    </SelectField>
  )
}
