import { Field, inputClass } from '@/components/ui/field'
import { cn } from '@/components/ui/cn'
import { UNIT_CODES } from '@/billing/einvoice/source'
import { unitCodeFor } from '@/billing/einvoice/units'
import { useT, type MessageKey } from '@/lib/i18n'

export type UnitCode = keyof typeof UNIT_CODES

/** The unit codes' names (UN/ECE Rec. 20), as the interface says them. */
export const UNIT_CODE_NAMES = {
  C62: 'documents.unitCode.C62',
  H87: 'documents.unitCode.H87',
  HUR: 'documents.unitCode.HUR',
  DAY: 'documents.unitCode.DAY',
  WEE: 'documents.unitCode.WEE',
  MON: 'documents.unitCode.MON',
  ANN: 'documents.unitCode.ANN',
  MIN: 'documents.unitCode.MIN',
  KGM: 'documents.unitCode.KGM',
  MTR: 'documents.unitCode.MTR',
  MTK: 'documents.unitCode.MTK',
  LTR: 'documents.unitCode.LTR',
  KMT: 'documents.unitCode.KMT',
  SET: 'documents.unitCode.SET',
  LS: 'documents.unitCode.LS',
} as const satisfies Record<UnitCode, MessageKey>

/**
 * A line's unit as typed ("h", "pcs") and, under it, its unit code for e-invoices ("Auto: HUR"
 * follows what is typed). From sm the two stack in one cell of the line's grid; on a phone the code
 * takes a row of the grid of its own (the wrapper is display: contents), so its name
 * ("Automatisch: HUR", "C62 — Eins (Einheit)") is not cut off by a half-width select.
 */
export function LineUnitField({
  n,
  unit,
  unitCode,
  error,
  onChange,
}: {
  /** The line's number, for the accessible names. */
  n: number
  unit: string
  unitCode: string
  error?: string
  onChange: (k: 'unit' | 'unit_code', value: string) => void
}) {
  const t = useT()
  return (
    <div className="contents sm:grid sm:min-w-0 sm:content-start sm:gap-1">
      <Field
        label={t('documents.line.unit')}
        aria-label={t('documents.line.unitAria', { n })}
        placeholder={t('documents.line.unitPlaceholder')}
        dir="auto"
        value={unit}
        onChange={(e) => onChange('unit', e.target.value)}
        error={error}
      />
      <select
        aria-label={t('documents.line.unitCodeAria', { n })}
        title={t('documents.line.unitCodeTitle')}
        className={cn(inputClass, 'col-span-full h-8 px-1 text-xs')}
        value={unitCode}
        onChange={(e) => onChange('unit_code', e.target.value)}
      >
        <option value="">{t('documents.line.unitCodeAuto', { code: unitCodeFor(unit) })}</option>
        {(Object.keys(UNIT_CODES) as UnitCode[]).map((code) => (
          <option key={code} value={code}>
            {code} — {t(UNIT_CODE_NAMES[code])}
          </option>
        ))}
      </select>
    </div>
  )
}
