import { forwardRef, useState } from 'react'
import { Field, type FieldProps } from '@/components/ui/field'
import { useLocale, useT } from '@/lib/i18n'

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type' | 'trailing'>>(
  function PasswordField(props, ref) {
    const t = useT()
    const locale = useLocale()
    const [shown, setShown] = useState(false)
    // "Show password": the field's name inside a sentence (German keeps its nouns capitalised).
    const label = locale === 'de' ? props.label : props.label.toLocaleLowerCase(locale)
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
              shown
                ? t('auth.password.hideLabel', { label })
                : t('auth.password.showLabel', { label })
            }
            onClick={() => setShown((s) => !s)}
          >
            {shown ? t('auth.password.hide') : t('auth.password.show')}
          </button>
        }
      />
    )
  },
)
