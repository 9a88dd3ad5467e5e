import { forwardRef, useState } from 'react'
import { Field, type FieldProps } from '@/components/ui/field'

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type' | 'trailing'>>(
  function PasswordField(props, ref) {
    const [shown, setShown] = useState(false)
    return (
      <Field
        ref={ref}
        {...props}
        type={shown ? 'text' : 'password'}
        trailing={
          <button
            type="button"
            className="rounded px-2 py-1 text-xs text-muted-foreground hover:bg-muted"
            aria-pressed={shown}
            aria-label={
              shown ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`
            }
            onClick={() => setShown((s) => !s)}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        }
      />
    )
  },
)
