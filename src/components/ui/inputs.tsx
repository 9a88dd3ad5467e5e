import {
  forwardRef,
  useId,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import { cn } from './cn'
import { FieldNotes, inputClass, noteIds } from './field'

interface Wrapped {
  label: string
  error?: string | null
  hint?: ReactNode
  /** Visually hide the label (it stays the accessible name). */
  hideLabel?: boolean
}

/** A control with its label above and its hint and error under it (wired by `id`). */
export function Labelled({
  id,
  label,
  hideLabel,
  error,
  hint,
  className,
  children,
}: Wrapped & { id: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium'}>
        <bdi>{label}</bdi>
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}

const describedBy = (id: string, w: Wrapped) => noteIds(id, w.hint, w.error).join(' ') || undefined

export const SelectField = forwardRef<
  HTMLSelectElement,
  Wrapped & SelectHTMLAttributes<HTMLSelectElement>
>(function SelectField({ label, error, hint, hideLabel, className, id, children, ...rest }, ref) {
  const auto = useId()
  const selectId = id ?? auto
  const w = { label, error, hint, hideLabel }
  return (
    <Labelled id={selectId} {...w} className={className}>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, w)}
        className={inputClass}
        {...rest}
      >
        {children}
      </select>
    </Labelled>
  )
})

export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  Wrapped & TextareaHTMLAttributes<HTMLTextAreaElement>
>(function TextAreaField({ label, error, hint, hideLabel, className, id, ...rest }, ref) {
  const auto = useId()
  const areaId = id ?? auto
  const w = { label, error, hint, hideLabel }
  return (
    <Labelled id={areaId} {...w} className={className}>
      <textarea
        ref={ref}
        id={areaId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(areaId, w)}
        className={cn(inputClass, 'h-auto min-h-20 py-2')}
        {...rest}
      />
    </Labelled>
  )
})
