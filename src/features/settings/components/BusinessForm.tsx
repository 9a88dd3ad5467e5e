import { useEffect, useMemo, useState } from 'react'
import { CurrencySelect } from '@/billing/ui/CurrencySelect'
import { FormFooter } from '@/components/ui/form-footer'
import { Alert } from '@/components/ui/card'
import { cn } from '@/components/ui/cn'
import { useQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { FileInput } from '@/components/ui/file-input'
import { Field } from '@/components/ui/field'
import { TextAreaField } from '@/components/ui/inputs'
import { AddressSchemeSelect, CountrySelect, LanguageSelect } from '@/billing/ui/CodeSelects'
import { TimeZoneSelect } from '@/billing/ui/TimeZoneSelect'
import { isVatId, normalizeVatId } from '@/billing/einvoice/schemes'
import { Button } from '@/components/ui/button'
import { sellerQuery, type SellerSettings } from '@/billing/queries'
import { openingStale, save } from '@/billing/save'
import { useForm } from '@/lib/use-form'
import { useBusinessId } from '@/lib/business'
import { currencyCode, message, percentText, termsDaysText } from '@/billing/fields'
import { writes } from '@/billing/writes'
import { notify } from '@/lib/toast'
import { fileUrl } from '@/lib/pocketbase/files'
import { useFileToken } from '@/lib/pocketbase/file-token'
import { avatarProblem } from './ProfileForm'
import { formatIban, isValidBic, isValidIban, normalizeIban } from '@/billing/payment-code'
import { sendTemplates } from '@/billing/templates'
import { isLocale, LOCALE_NAMES, useT, type MessageKey } from '@/lib/i18n'

const text = (max: number, tooLong: MessageKey) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max, message(tooLong, { max })))
const prefix = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(20, message('settings.business.prefixTooLong')),
  v.regex(/^[^\s]*$/, message('settings.business.prefixSpaces')),
)

/** The business details printed on documents, and the defaults for new ones. */
const businessSchema = v.object({
  company_name: text(200, 'settings.business.tooLong.companyName'),
  company_address: text(1000, 'settings.business.tooLong.address'),
  company_tax_id: text(50, 'settings.business.tooLong.taxId'),
  default_currency: currencyCode,
  default_terms_days: termsDaysText,
  /** The language of documents for customers without one of their own ("" is English). */
  document_language: v.pipe(
    v.string(),
    v.check((s) => s === '' || isLocale(s), message('settings.business.languageInvalid')),
  ),
  /** The business's IANA time zone ("" is UTC): when its recurring invoices are made. */
  time_zone: v.string(),
  default_tax_rate: v.pipe(
    percentText('taxRate'),
    v.transform((s) => (s === '' ? 0 : Number(s))),
  ),
  invoice_prefix: prefix,
  quote_prefix: prefix,
  payment_prefix: prefix,
  credit_note_prefix: prefix,
  company_postal_code: text(20, 'settings.business.tooLong.postalCode'),
  company_city: text(100, 'settings.business.tooLong.city'),
  company_country: v.pipe(
    v.string(),
    v.check((s) => s === '' || /^[A-Z]{2}$/.test(s), message('settings.business.chooseCountry')),
  ),
  company_vat_id: v.pipe(
    v.string(),
    v.trim(),
    v.check((s) => s === '' || isVatId(s), message('settings.business.vatIdInvalid')),
    v.transform((s) => (s ? normalizeVatId(s) : s)),
  ),
  company_tax_registration: text(40, 'settings.business.tooLong.taxRegistration'),
  seller_endpoint_id: text(200, 'settings.business.tooLong.endpointId'),
  seller_endpoint_scheme: v.string(),
  seller_contact_name: text(100, 'settings.business.tooLong.contactName'),
  seller_contact_phone: text(40, 'settings.business.tooLong.contactPhone'),
  seller_contact_email: v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
      message('settings.business.emailInvalid'),
    ),
  ),
  bank_holder: text(140, 'settings.business.tooLong.bankHolder'),
  iban: v.pipe(
    v.string(),
    v.trim(),
    v.check((s) => s === '' || isValidIban(s), message('settings.business.ibanInvalid')),
    v.transform(normalizeIban),
  ),
  bic: v.pipe(
    v.string(),
    v.trim(),
    v.toUpperCase(),
    v.check((s) => s === '' || isValidBic(s), message('settings.business.bicInvalid')),
  ),
  send_subject_template: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(message('settings.business.subjectRequired')),
    v.maxLength(200, message('settings.business.subjectTooLong')),
  ),
  send_message_template: v.pipe(
    v.string(),
    v.nonEmpty(message('settings.business.messageRequired')),
    v.maxLength(5000, message('settings.business.messageTooLong')),
  ),
})

type Input = v.InferInput<typeof businessSchema>
type Output = v.InferOutput<typeof businessSchema>

/** The seller record's fields, by the settings page that edits them. */
const partFields = {
  business: [
    'company_name',
    'company_tax_id',
    'company_address',
    'company_postal_code',
    'company_city',
    'company_country',
    'default_currency',
    'document_language',
    'time_zone',
    'default_terms_days',
    'default_tax_rate',
    'invoice_prefix',
    'quote_prefix',
    'payment_prefix',
    'credit_note_prefix',
  ],
  bank: ['bank_holder', 'iban', 'bic'],
  einvoicing: [
    'company_vat_id',
    'company_tax_registration',
    'seller_endpoint_id',
    'seller_endpoint_scheme',
    'seller_contact_name',
    'seller_contact_phone',
    'seller_contact_email',
  ],
  mail: ['send_subject_template', 'send_message_template'],
} as const satisfies Record<string, ReadonlyArray<keyof Input>>

/** A settings page of the business: each saves only its own fields of the seller record. */
export type SellerPart = keyof typeof partFields

/**
 * The check of one page's fields. The form holds the whole record (so a value of another page
 * is never sent empty); the picked object schema reads only this page's keys of it.
 */
const partSchema = (part: SellerPart) =>
  v.pick(businessSchema, partFields[part]) as unknown as v.GenericSchema<Input, Partial<Output>>

/** A refusal's fields that are not on this page (e.g. the city e-invoicing needs). */
export const offPageErrors = (part: SellerPart, errors: Record<string, string>): string[] =>
  Object.entries(errors)
    .filter(([k, m]) => m && k !== 'logo' && !(partFields[part] as readonly string[]).includes(k))
    .map(([, m]) => m)

/** The template placeholders as typed in a template: the same in every language. */
const TEMPLATE_FIELDS = Object.fromEntries(
  ['kind', 'number', 'business', 'customer', 'amount', 'due_date', 'link'].map((n) => [
    n,
    `{${n}}`,
  ]),
)

const toInput = (s: SellerSettings & Record<string, unknown>): Input => ({
  company_name: s.company_name || String(s.company ?? ''),
  company_address: s.company_address ?? '',
  company_tax_id: s.company_tax_id ?? '',
  default_currency: s.default_currency || 'EUR',
  default_terms_days: String(s.default_terms_days ?? 30),
  default_tax_rate: s.default_tax_rate ? String(s.default_tax_rate) : '',
  invoice_prefix: String(s.invoice_prefix ?? 'INV-'),
  quote_prefix: String(s.quote_prefix ?? 'QUO-'),
  payment_prefix: String(s.payment_prefix ?? 'PAY-'),
  credit_note_prefix: String(s.credit_note_prefix ?? 'CN-'),
  company_postal_code: String(s.company_postal_code ?? ''),
  company_city: String(s.company_city ?? ''),
  company_country: String(s.company_country ?? ''),
  company_vat_id: String(s.company_vat_id ?? ''),
  company_tax_registration: String(s.company_tax_registration ?? ''),
  seller_endpoint_id: String(s.seller_endpoint_id ?? ''),
  seller_endpoint_scheme: String(s.seller_endpoint_scheme ?? ''),
  seller_contact_name: String(s.seller_contact_name ?? ''),
  seller_contact_phone: String(s.seller_contact_phone ?? ''),
  seller_contact_email: String(s.seller_contact_email ?? ''),
  bank_holder: s.bank_holder ?? '',
  iban: s.iban ? formatIban(s.iban) : '',
  bic: s.bic ?? '',
  document_language: s.document_language ?? '',
  time_zone: s.time_zone ?? '',
  // A built-in default shows in the business's document language (see sendTemplates).
  send_subject_template: templatesOf(s).subject,
  send_message_template: templatesOf(s).message,
})

const templatesOf = (s: SellerSettings) =>
  sendTemplates(s, isLocale(s.document_language) ? s.document_language : 'en')

export function BusinessSection({ userId, part }: { userId: string; part: SellerPart }) {
  const business = useBusinessId()
  // The form opens from the server's copy when it can be had: a copy restored from this device
  // can be older (a reload right after a save), and a form keeps what it opened with.
  const seller = useQuery({
    ...sellerQuery(business),
    enabled: !!business,
    refetchOnMount: 'always',
  })
  const [openedAt] = useState(() => Date.now())
  const fileToken = useFileToken(userId)
  const t = useT()
  if (!seller.data || openingStale(seller, openedAt))
    return (
      <p role="status">
        <bdi>{t('settings.business.loading')}</bdi>
      </p>
    )
  // The logo is a protected file: shown once the file token came.
  const logo =
    seller.data.logo && fileToken
      ? fileUrl(seller.data.collectionId, seller.data.id, seller.data.logo, '0x64', fileToken)
      : null
  return (
    <BusinessForm
      business={business}
      part={part}
      logoUrl={logo}
      initial={toInput(seller.data as SellerSettings & Record<string, unknown>)}
      initialTracking={seller.data.view_tracking !== false}
      initialEInvoicing={(seller.data as { einvoicing?: boolean }).einvoicing === true}
    />
  )
}

const partHeadings = {
  business: ['settings.business.title', 'settings.business.intro'],
  bank: ['settings.business.gettingPaid', 'settings.business.gettingPaidIntro'],
  einvoicing: ['settings.business.eInvoicing', null],
  mail: ['settings.business.sending', null],
} as const satisfies Record<SellerPart, readonly [MessageKey, MessageKey | null]>

function BusinessForm({
  business,
  part,
  initial,
  logoUrl,
  initialTracking,
  initialEInvoicing,
}: {
  business: string
  part: SellerPart
  initial: Input
  logoUrl: string | null
  initialTracking: boolean
  initialEInvoicing: boolean
}) {
  const t = useT()
  const [tracking, setTracking] = useState(initialTracking)
  const [einvoicing, setEInvoicing] = useState(initialEInvoicing)
  const schema = useMemo(() => partSchema(part), [part])
  const { bind, errors, setErrors, formError, busy, handleSubmit } = useForm(schema, initial)
  // A new logo (a file), "remove" (null) or unchanged (undefined).
  const [logo, setLogo] = useState<File | null | undefined>(undefined)
  const preview = useMemo(() => (logo ? URL.createObjectURL(logo) : null), [logo])
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])
  const shownLogo = logo === null ? null : (preview ?? logoUrl)
  const submit = handleSubmit(async (output) => {
    // Only this page's fields (and its switches) are sent: the other pages' stay as saved.
    const body: Record<string, unknown> = { ...output }
    if (part === 'mail') body.view_tracking = tracking
    if (part === 'einvoicing') body.einvoicing = einvoicing
    if (part === 'business' && logo !== undefined) body.logo = logo ?? null
    const r = await save(writes.settingsUpdate, {
      business,
      body,
      label: t('settings.business.writeLabel'),
    })
    if (!r.ok) return r
    if (!r.queued) notify('success', t('settings.business.saved'))
  })
  const [title, intro] = partHeadings[part]
  const elsewhere = offPageErrors(part, errors)

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-labelledby={`${part}-heading`}>
      <div>
        <h2 id={`${part}-heading`} className="text-lg font-semibold">
          <bdi>{t(title)}</bdi>
        </h2>
        {intro ? (
          <p className="text-sm text-muted-foreground">
            <bdi>{t(intro)}</bdi>
          </p>
        ) : null}
      </div>
      {part === 'business' ? (
        <>
          <div className="flex flex-wrap items-center gap-4">
            {shownLogo ? (
              <img
                src={shownLogo}
                alt={t('settings.business.logoPreview')}
                className="max-h-16 max-w-48 rounded border border-border bg-white object-contain p-1"
              />
            ) : (
              <span className="text-sm text-muted-foreground">
                <bdi>{t('settings.business.noLogo')}</bdi>
              </span>
            )}
            <FileInput
              label={t('settings.business.logo')}
              accept="image/png,image/jpeg,image/webp,image/gif"
              hint={t('settings.business.logoHint')}
              error={errors.logo}
              fileName={logo?.name}
              className="flex-1"
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null
                const problem = file ? avatarProblem(file) : null
                setErrors((er) => ({ ...er, logo: problem ?? '' }))
                setLogo(problem || !file ? undefined : file)
                if (problem) e.target.value = ''
              }}
            />
            {shownLogo ? (
              <Button variant="outline" size="sm" onClick={() => setLogo(null)}>
                {t('settings.business.removeLogo')}
              </Button>
            ) : null}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              dir="auto"
              label={t('settings.business.companyName')}
              {...bind('company_name')}
              autoComplete="organization"
              hint={t('records.business.nameHint')}
              className="sm:col-span-2"
            />
            <TextAreaField
              dir="auto"
              label={t('settings.business.address')}
              className="sm:col-span-2"
              rows={3}
              {...bind('company_address')}
              hint={t('settings.business.addressHint')}
            />
            <Field
              dir="auto"
              label={t('settings.business.postalCode')}
              {...bind('company_postal_code')}
              autoComplete="postal-code"
            />
            <Field
              dir="auto"
              label={t('settings.business.city')}
              {...bind('company_city')}
              autoComplete="address-level2"
            />
            <CountrySelect
              label={t('settings.business.country')}
              {...bind('company_country')}
              empty={t('settings.business.choose')}
            />
            <Field dir="auto" label={t('settings.business.taxId')} {...bind('company_tax_id')} />
            <CurrencySelect
              label={t('settings.business.currency')}
              {...bind('default_currency')}
              hint={t('settings.business.currencyHint')}
            />
            <LanguageSelect
              label={t('settings.business.documentLanguage')}
              {...bind('document_language')}
              empty={LOCALE_NAMES.en}
              hint={t('settings.business.documentLanguageHint')}
            />
            <TimeZoneSelect
              label={t('settings.business.timeZone')}
              {...bind('time_zone')}
              empty={t('settings.business.timeZoneUtc')}
              hint={t('settings.business.timeZoneHint')}
            />
            <Field
              dir="auto"
              label={t('settings.business.terms')}
              inputMode="numeric"
              {...bind('default_terms_days')}
            />
            <Field
              dir="auto"
              label={t('settings.business.taxRate')}
              inputMode="decimal"
              {...bind('default_tax_rate')}
              hint={t('settings.business.taxRateHint')}
            />
            <Field
              dir="auto"
              label={t('settings.business.invoicePrefix')}
              {...bind('invoice_prefix')}
              hint={t('settings.business.invoicePrefixHint')}
            />
            <Field
              dir="auto"
              label={t('settings.business.quotePrefix')}
              {...bind('quote_prefix')}
            />
            <Field
              dir="auto"
              label={t('settings.business.paymentPrefix')}
              {...bind('payment_prefix')}
            />
            <Field
              dir="auto"
              label={t('credits.settings.prefix')}
              {...bind('credit_note_prefix')}
            />
          </div>
        </>
      ) : null}
      {part === 'bank' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            dir="auto"
            label={t('settings.business.bankHolder')}
            {...bind('bank_holder')}
            hint={t('settings.business.bankHolderHint')}
          />
          <Field dir="auto" label="IBAN" {...bind('iban')} autoComplete="off" spellCheck={false} />
          <Field dir="auto" label="BIC" {...bind('bic')} autoComplete="off" spellCheck={false} />
        </div>
      ) : null}
      {part === 'einvoicing' ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Switch
            className="sm:col-span-2"
            checked={einvoicing}
            onChange={setEInvoicing}
            label={t('settings.business.sendEInvoices')}
            hint={t('settings.business.sendEInvoicesHint')}
          />
          <Field
            dir="auto"
            label={t('settings.business.vatId')}
            {...bind('company_vat_id')}
            autoComplete="off"
          />
          <Field
            dir="auto"
            label={t('settings.business.taxRegistration')}
            hint={t('settings.business.taxRegistrationHint')}
            {...bind('company_tax_registration')}
            autoComplete="off"
          />
          <Field
            dir="auto"
            label={t('settings.business.endpointId')}
            hint={t('settings.business.endpointIdHint')}
            {...bind('seller_endpoint_id')}
            autoComplete="off"
          />
          <AddressSchemeSelect
            label={t('settings.business.endpointScheme')}
            {...bind('seller_endpoint_scheme')}
            empty={t('settings.business.endpointSchemeNone')}
          />
          <Field
            dir="auto"
            label={t('settings.business.contactName')}
            {...bind('seller_contact_name')}
            autoComplete="name"
          />
          <Field
            dir="auto"
            label={t('settings.business.contactPhone')}
            type="tel"
            {...bind('seller_contact_phone')}
            autoComplete="tel"
          />
          <Field
            dir="auto"
            label={t('settings.business.contactEmail')}
            type="email"
            {...bind('seller_contact_email')}
            autoComplete="email"
          />
        </div>
      ) : null}
      {part === 'mail' ? (
        <div className="grid gap-4">
          <Field
            dir="auto"
            label={t('settings.business.subject')}
            {...bind('send_subject_template')}
          />
          <TextAreaField
            dir="auto"
            label={t('settings.business.message')}
            rows={7}
            {...bind('send_message_template')}
            hint={t('settings.business.messageHint', TEMPLATE_FIELDS)}
          />
          <Switch
            checked={tracking}
            onChange={setTracking}
            label={t('settings.business.tracking')}
            hint={t('settings.business.trackingHint')}
          />
        </div>
      ) : null}
      {elsewhere.map((m) => (
        <Alert key={m}>{m}</Alert>
      ))}
      <FormFooter formError={formError} busy={busy} submitLabel={t('settings.business.submit')} />
    </form>
  )
}

/** A checkbox with its label and, under it, what it does. */
function Switch({
  checked,
  onChange,
  label,
  hint,
  className,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  label: string
  hint: string
  className?: string
}) {
  return (
    <label className={cn('flex items-start gap-2 text-sm', className)}>
      <input
        type="checkbox"
        className="mt-1"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span>
        <bdi>{label}</bdi>
        <span className="block text-muted-foreground">
          <bdi>{hint}</bdi>
        </span>
      </span>
    </label>
  )
}
