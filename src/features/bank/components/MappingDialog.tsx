import { useState, type FormEvent } from 'react'
import { Dialog } from '@/components/ui/dialog'
import { Alert } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { SelectField } from '@/components/ui/inputs'
import { useT, type MessageKey } from '@/lib/i18n'
import type { CsvMapping, CsvPreview } from '../data'

/** The columns a person points at, in the order the form asks. */
const COLUMNS: { key: keyof CsvMapping; label: MessageKey; required?: boolean }[] = [
  { key: 'date', label: 'bank.mapping.date', required: true },
  { key: 'amount', label: 'bank.mapping.amount', required: true },
  { key: 'counterparty', label: 'bank.mapping.counterparty' },
  { key: 'remittance', label: 'bank.mapping.remittance' },
  { key: 'reference', label: 'bank.mapping.reference' },
  { key: 'iban', label: 'bank.mapping.iban' },
  { key: 'currency_column', label: 'bank.mapping.currencyColumn' },
]

const DATE_FORMATS = ['DD.MM.YYYY', 'DD.MM.YY', 'YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY']
const DELIMITERS: { value: string; label: MessageKey }[] = [
  { value: ';', label: 'bank.mapping.semicolon' },
  { value: ',', label: 'bank.mapping.comma' },
  { value: '\t', label: 'bank.mapping.tab' },
]

/**
 * The CSV step: which column holds the date, the amount, the payer…, how dates and amounts are
 * written. It starts from the server's guess and shows the file's first rows.
 */
export function MappingDialog({
  preview,
  wrong,
  busy,
  onCancel,
  onSubmit,
}: {
  preview: CsvPreview
  wrong: boolean
  busy: boolean
  onCancel: () => void
  onSubmit: (m: CsvMapping) => void
}) {
  const t = useT()
  const [m, setM] = useState<CsvMapping>(preview.guess)
  const set = (change: Partial<CsvMapping>) => setM((prev) => ({ ...prev, ...change }))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit({ ...m, currency: m.currency.trim().toUpperCase() })
  }
  return (
    <Dialog
      open
      wide
      onOpenChange={(o) => (o ? undefined : onCancel())}
      title={t('bank.mapping.title')}
      description={t('bank.mapping.description')}
    >
      <form onSubmit={submit} className="grid gap-4">
        {wrong ? <Alert>{t('server.folio_bank_csv_mapping_wrong')}</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          {COLUMNS.map((c) => (
            <SelectField
              key={c.key}
              label={t(c.label)}
              required={c.required}
              value={String(m[c.key] ?? '')}
              onChange={(e) => set({ [c.key]: e.target.value })}
            >
              <option value="">{t('bank.mapping.none')}</option>
              {preview.header.map((h) => (
                <option key={h} value={h}>
                  {h}
                </option>
              ))}
            </SelectField>
          ))}
          <SelectField
            label={t('bank.mapping.dateFormat')}
            value={m.date_format}
            onChange={(e) => set({ date_format: e.target.value })}
          >
            {DATE_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('bank.mapping.delimiter')}
            value={m.delimiter}
            onChange={(e) => set({ delimiter: e.target.value })}
          >
            {DELIMITERS.map((d) => (
              <option key={d.label} value={d.value}>
                {t(d.label)}
              </option>
            ))}
          </SelectField>
          <Field
            label={t('bank.mapping.currency')}
            value={m.currency}
            maxLength={3}
            onChange={(e) => set({ currency: e.target.value })}
          />
          <label className="flex items-center gap-2 self-end text-sm">
            <input
              type="checkbox"
              checked={m.decimal_comma}
              onChange={(e) => set({ decimal_comma: e.target.checked })}
            />
            {t('bank.mapping.decimalComma')}
          </label>
        </div>
        {/* Scrolls sideways on a narrow screen: reachable by keyboard, named for it. */}
        <div
          className="overflow-x-auto rounded-md border border-border"
          tabIndex={0}
          role="region"
          aria-label={t('bank.mapping.sample')}
        >
          <table className="w-full text-xs">
            <caption className="sr-only">{t('bank.mapping.sample')}</caption>
            <thead className="bg-muted/50">
              <tr>
                {preview.header.map((h) => (
                  <th key={h} scope="col" className="px-2 py-1 text-start whitespace-nowrap">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row, i) => (
                <tr key={i} className="border-t border-border">
                  {preview.header.map((h, j) => (
                    <td key={h} className="px-2 py-1 whitespace-nowrap">
                      <bdi>{row[j] ?? ''}</bdi>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('bank.mapping.cancel')}
          </Button>
          <Button type="submit" disabled={busy || !m.date || !m.amount}>
            {t('bank.mapping.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
