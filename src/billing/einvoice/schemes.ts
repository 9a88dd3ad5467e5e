/** Electronic address schemes (EAS code list) Folio offers: how a buyer or seller is reached. */
export const ADDRESS_SCHEMES: ReadonlyArray<{ code: string; label: string }> = [
  { code: 'EM', label: 'Email' },
  { code: '0204', label: 'Leitweg-ID (German public sector)' },
  { code: '9930', label: 'German VAT number' },
  { code: '9957', label: 'French VAT number' },
  { code: '0009', label: 'French SIRET' },
  { code: '0002', label: 'French SIREN' },
  { code: '9925', label: 'Belgian VAT number' },
  { code: '0208', label: 'Belgian enterprise number' },
  { code: '0106', label: 'Dutch KvK number' },
  { code: '0007', label: 'Swedish organisation number' },
  { code: '0192', label: 'Norwegian organisation number' },
  { code: '0088', label: 'GLN' },
  { code: '0060', label: 'DUNS' },
]

/** VAT categories for a document's 0 % lines, with what each means. */
export const ZERO_RATE_CATEGORIES = [
  { code: 'Z', label: 'Zero-rated goods or services' },
  { code: 'E', label: 'Exempt from VAT (give the reason)' },
  { code: 'AE', label: 'Reverse charge (the buyer accounts for VAT)' },
  { code: 'K', label: 'Intra-community supply (EU, VAT-registered buyer)' },
  { code: 'G', label: 'Export outside the EU' },
  { code: 'O', label: 'Outside the scope of VAT' },
] as const

/** A VAT ID as the standards want it: country prefix, no spaces. */
export const normalizeVatId = (s: string) => s.replace(/[\s.-]/g, '').toUpperCase()
export const isVatId = (s: string) => /^[A-Z]{2}[0-9A-Z+*.]{2,12}$/.test(normalizeVatId(s))
