import { useT } from '@/lib/i18n'
import { Alert } from './card'
import { Button } from './button'
import { cn } from './cn'

/** The end of a form: the refusal for the whole form, then submit and (optionally) cancel. */
export function FormFooter({
  formError,
  busy,
  submitLabel,
  onCancel,
  align = 'start',
}: {
  formError: string | null
  busy: boolean
  submitLabel: string
  onCancel?: () => void
  align?: 'start' | 'end'
}) {
  const t = useT()
  return (
    <>
      {formError ? <Alert>{formError}</Alert> : null}
      <div className={cn('flex gap-2', align === 'end' && 'flex-row-reverse justify-start')}>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
        ) : null}
      </div>
    </>
  )
}
