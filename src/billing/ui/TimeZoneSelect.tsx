import { useMemo } from 'react'
import { SelectField } from '@/components/ui/inputs'
import { intlLocale, useLocale } from '@/lib/i18n'

/** Every IANA time zone this browser knows, e.g. "Europe/Berlin". */
function knownZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone')
  } catch {
    return []
  }
}

/** The zone's offset now, as the interface's language writes it ("GMT+1"). */
function offsetOf(zone: string, locale: string): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      timeZoneName: 'shortOffset',
    }).formatToParts(new Date())
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? ''
  } catch {
    return ''
  }
}

/**
 * The business's time zone, as its IANA name: "today" for the scheduled work (recurring
 * invoices) is the date there. "" is UTC. The server refuses a name it does not know.
 */
export function TimeZoneSelect({
  label,
  value,
  onChange,
  error,
  empty,
  hint,
}: {
  label: string
  value: string
  onChange: (e: { target: { value: string } }) => void
  error?: string
  /** The first option, for UTC (no zone chosen). */
  empty: string
  hint?: string
}) {
  const locale = intlLocale(useLocale())
  const options = useMemo(() => {
    const zones = knownZones()
    if (value && !zones.includes(value)) zones.unshift(value)
    return zones.map((z) => ({
      zone: z,
      label: `${z.replaceAll('_', ' ')} (${offsetOf(z, locale)})`,
    }))
  }, [locale, value])
  return (
    <SelectField label={label} value={value} onChange={onChange} error={error} hint={hint}>
      <option value="">{empty}</option>
      {options.map((o) => (
        <option key={o.zone} value={o.zone} dir="ltr">
          {o.label}
        </option>
      ))}
    </SelectField>
  )
}
