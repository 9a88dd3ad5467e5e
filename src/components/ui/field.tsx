import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { cn } from './cn'

export const inputClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm placeholder:text-muted-foreground disabled:opacity-60 aria-[invalid=true]:border-destructive'

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  error?: string | null
  hint?: ReactNode
  /** Content placed inside the input's box, at its end (e.g. a show-password toggle). */
  trailing?: ReactNode
}

/** The ids of a field's hint and error under `id`, as `aria-describedby` names them. */
export const noteIds = (id: string, hint: unknown, error: unknown): string[] =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter((x): x is string => x !== null)

/** A field's hint and error, under it: ids `<id>-hint` and `<id>-error` (see noteIds). */
export function FieldNotes({
  id,
  hint,
  error,
}: {
  id: string
  hint?: ReactNode
  error?: string | null
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          <bdi>{hint}</bdi>
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          <bdi>{error}</bdi>
        </p>
      ) : null}
    </>
  )
}

/**
 * A labelled input with its hint and error wired to it for assistive technology. The hint and
 * the error go under the input, and the parts sit at the top of the field's cell
 * (content-start): in a two-column grid, the inputs of a row stay level when one field has a hint
 * and its neighbour does not (a stretched cell would share the spare height among its rows).
 */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, hint, trailing, className, id, ...rest },
  ref,
) {
  const auto = useId()
  const inputId = id ?? auto
  const describedBy = noteIds(inputId, hint, error).join(' ')
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium">
        <bdi>{label}</bdi>
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cn(inputClass, trailing ? 'pe-20' : undefined)}
          {...rest}
        />
        {trailing ? (
          <div className="absolute inset-y-0 end-1 flex items-center">{trailing}</div>
        ) : null}
      </div>
      <FieldNotes id={inputId} hint={hint} error={error} />
    </div>
  )
})
