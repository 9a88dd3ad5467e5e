import { useEffect, useMemo, useState } from 'react'
import { CurrencySelect } from '@/billing/ui/CurrencySelect'
import { FormFooter } from '@/components/ui/form-footer'
import { useQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { Field } from '@/components/ui/field'
import { TextAreaField } from '@/components/ui/inputs'
import { Button } from '@/components/ui/button'
import { sellerQuery, type SellerSettings } from '@/billing/queries'
import { save } from '@/billing/save'
import { useForm } from '@/lib/use-form'
import { currencyCode, percentText, termsDaysText } from '@/billing/fields'
import { writes } from '@/billing/writes'
import { notify } from '@/lib/toast'
import { fileUrl } from '@/lib/pocketbase/files'
import { avatarProblem } from './ProfileForm'

const text = (max: number, what: string) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max, `${what} can be at most ${max} characters`))
const prefix = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(20, 'A prefix can be at most 20 characters'),
  v.regex(/^[^\s]*$/, 'A prefix has no spaces'),
)

/** The business details printed on documents, and the defaults for new ones. */
const businessSchema = v.object({
  company_name: text(200, 'The company name'),
  company_address: text(1000, 'The address'),
  company_tax_id: text(50, 'The tax ID'),
  default_currency: currencyCode,
  default_terms_days: termsDaysText,
  default_tax_rate: v.pipe(
    percentText('The tax rate'),
    v.transform((s) => (s === '' ? 0 : Number(s))),
  ),
  invoice_prefix: prefix,
  quote_prefix: prefix,
  payment_prefix: prefix,
})

type Input = v.InferInput<typeof businessSchema>

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
})

export function BusinessSection({ userId }: { userId: string }) {
  const seller = useQuery(sellerQuery(userId))
  if (!seller.data) return <p role="status">Loading business details…</p>
  const logo = seller.data.logo
    ? fileUrl(seller.data.collectionId, seller.data.id, seller.data.logo, '0x64')
    : null
  return (
    <BusinessForm
      userId={userId}
      logoUrl={logo}
      initial={toInput(seller.data as SellerSettings & Record<string, unknown>)}
    />
  )
}

function BusinessForm({
  userId,
  initial,
  logoUrl,
}: {
  userId: string
  initial: Input
  logoUrl: string | null
}) {
  const { values, set, errors, setErrors, formError, busy, handleSubmit } = useForm(
    businessSchema,
    initial,
  )
  // A new logo (a file), "remove" (null) or unchanged (undefined).
  const [logo, setLogo] = useState<File | null | undefined>(undefined)
  const preview = useMemo(() => (logo ? URL.createObjectURL(logo) : null), [logo])
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview])
  const shownLogo = logo === null ? null : (preview ?? logoUrl)
  const submit = handleSubmit(async (output) => {
    const body: Record<string, unknown> = { ...output }
    if (logo !== undefined) body.logo = logo ?? null
    const r = await save(writes.settingsUpdate, {
      userId,
      body,
      label: 'Business details',
    })
    if (!r.ok) return r
    if (!r.queued) notify('success', 'Business details saved')
  })

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <div>
        <h2 className="text-lg font-semibold">Business details</h2>
        <p className="text-sm text-muted-foreground">
          Printed on your quotes and invoices, and used as defaults for new ones.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        {shownLogo ? (
          <img
            src={shownLogo}
            alt="Logo preview"
            className="max-h-16 max-w-48 rounded border border-border bg-white object-contain p-1"
          />
        ) : (
          <span className="text-sm text-muted-foreground">No logo</span>
        )}
        <Field
          label="Logo"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          hint="Printed at the top of your documents. PNG, JPEG, WebP or GIF, up to 2 MB."
          error={errors.logo}
          className="flex-1 [&_input]:h-auto [&_input]:py-2"
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
            Remove logo
          </Button>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Business name"
          value={values.company_name}
          onChange={set('company_name')}
          error={errors.company_name}
          autoComplete="organization"
        />
        <Field
          label="Business tax ID"
          value={values.company_tax_id}
          onChange={set('company_tax_id')}
          error={errors.company_tax_id}
        />
        <TextAreaField
          label="Business address"
          className="sm:col-span-2"
          rows={3}
          value={values.company_address}
          onChange={set('company_address')}
          error={errors.company_address}
        />
        <CurrencySelect
          label="Default currency"
          value={values.default_currency}
          onChange={set('default_currency')}
          error={errors.default_currency}
          hint="For new customers."
        />
        <Field
          label="Default payment terms (days)"
          inputMode="numeric"
          value={values.default_terms_days}
          onChange={set('default_terms_days')}
          error={errors.default_terms_days}
        />
        <Field
          label="Default tax rate (%)"
          inputMode="decimal"
          value={values.default_tax_rate}
          onChange={set('default_tax_rate')}
          error={errors.default_tax_rate}
          hint="Filled in on new lines."
        />
        <Field
          label="Invoice number prefix"
          value={values.invoice_prefix}
          onChange={set('invoice_prefix')}
          error={errors.invoice_prefix}
          hint="Existing numbers never change."
        />
        <Field
          label="Quote number prefix"
          value={values.quote_prefix}
          onChange={set('quote_prefix')}
          error={errors.quote_prefix}
        />
        <Field
          label="Payment number prefix"
          value={values.payment_prefix}
          onChange={set('payment_prefix')}
          error={errors.payment_prefix}
        />
      </div>
      <FormFooter formError={formError} busy={busy} submitLabel="Save business details" />
    </form>
  )
}
