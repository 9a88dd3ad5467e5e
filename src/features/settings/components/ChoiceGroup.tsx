import { cn } from '@/components/ui/cn'

/** A labelled radio group rendered as cards: keyboard arrows move between choices natively. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  description,
}: {
  legend: string
  name: string
  value: T
  options: ReadonlyArray<{ value: T; label: string; sample?: string; lang?: string }>
  onChange: (value: T) => void
  description?: string
}) {
  return (
    <fieldset className="grid gap-3">
      <legend className="font-semibold">{legend}</legend>
      {description ? (
        <p className="-mt-2 text-sm text-muted-foreground">
          <bdi>{description}</bdi>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'flex cursor-pointer items-center gap-2 rounded-md border px-4 py-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === o.value ? 'border-primary bg-accent' : 'border-border',
            )}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="accent-[var(--primary)]"
            />
            <span style={o.sample ? { fontFamily: o.sample } : undefined} lang={o.lang}>
              {o.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
