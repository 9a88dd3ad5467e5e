import { useId, type ChangeEvent, type ReactNode } from 'react'
import { Upload } from 'lucide-react'
import { useT } from '@/lib/i18n'
import { buttonClass } from './button'
import { cn } from './cn'
import { FieldNotes, noteIds } from './field'

export interface FileInputProps {
  label: string
  accept?: string
  name?: string
  hint?: ReactNode
  error?: string | null
  /** The name of the file chosen (kept by the form); none shows "No file chosen". */
  fileName?: string | null
  onChange: (e: ChangeEvent<HTMLInputElement>) => void
  className?: string
}

/**
 * A file input that looks like the rest of the form: a button-like "Choose a file…" and the
 * chosen file's name beside it. The native input stays in the tab order (visually hidden), so
 * Tab reaches it, Space or Enter opens the picker, and the button shows its focus ring. It is
 * named by the field's label; the file's name, the hint and the error describe it.
 */
export function FileInput({
  label,
  accept,
  name,
  hint,
  error,
  fileName,
  onChange,
  className,
}: FileInputProps) {
  const t = useT()
  const id = useId()
  const labelId = `${id}-label`
  const fileId = `${id}-file`
  const describedBy = [fileId, ...noteIds(id, hint, error)].join(' ')
  return (
    <div className={cn('grid min-w-0 content-start gap-1.5', className)}>
      <span id={labelId} className="text-sm font-medium">
        <bdi>{label}</bdi>
      </span>
      <div className="relative flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <input
          id={id}
          type="file"
          name={name}
          accept={accept}
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className="peer sr-only"
          onChange={onChange}
        />
        <label
          htmlFor={id}
          className={buttonClass(
            'outline',
            'md',
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring peer-focus-visible:outline-solid peer-aria-[invalid=true]:border-destructive',
          )}
        >
          <Upload className="size-4" aria-hidden />
          {t('records.file.choose')}
        </label>
        <span
          id={fileId}
          className={cn(
            'min-w-0 text-sm [overflow-wrap:anywhere]',
            fileName ? 'text-foreground' : 'text-muted-foreground',
          )}
        >
          <bdi>{fileName || t('records.file.none')}</bdi>
        </span>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  )
}
