import { useRef, useState, type ChangeEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Upload } from 'lucide-react'
import { buttonClass } from '@/components/ui/button'
import { cn } from '@/components/ui/cn'
import { mutationErrorMessage } from '@/lib/errors'
import { useT } from '@/lib/i18n'
import { notify } from '@/lib/toast'
import { importStatement, type CsvMapping, type CsvPreview, type ImportResult } from '../data'
import { MappingDialog } from './MappingDialog'

/** The statement formats a bank exports, as the file picker offers them. */
const ACCEPT = '.xml,.camt,.sta,.mt940,.940,.txt,.csv,text/csv,application/xml,text/xml'

/**
 * "Import statement": picks a camt.053, MT940 or CSV file and sends it. A CSV of a bank Folio
 * has not seen yet asks which column holds what first (the server remembers the answer).
 */
export function ImportStatement({ business, onDone }: { business: string; onDone: () => void }) {
  const t = useT()
  const input = useRef<HTMLInputElement>(null)
  const [mapping, setMapping] = useState<{
    file: File
    preview: CsvPreview
    wrong: boolean
  } | null>(null)
  const done = (r: ImportResult) => {
    notify(
      'success',
      t('bank.import.done', { added: r.added, duplicates: r.duplicates }),
      t('bank.import.matched', {
        certain: r.certain,
        suggested: r.suggested,
        confirmed: r.confirmed,
      }),
    )
    onDone()
  }
  const upload = useMutation({
    mutationFn: (v: { file: File; mapping?: CsvMapping }) =>
      importStatement(business, v.file, v.mapping),
    onSuccess: (outcome, v) => {
      if (outcome.kind === 'mapping') {
        setMapping({ file: v.file, preview: outcome.preview, wrong: outcome.wrong })
        return
      }
      setMapping(null)
      done(outcome.result)
    },
    onError: (e) => notify('error', mutationErrorMessage(e)),
  })
  const chosen = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    // The same file can be chosen again (to import it twice, say).
    e.target.value = ''
    if (file) upload.mutate({ file })
  }
  return (
    <>
      <label
        className={cn(
          buttonClass('primary', 'md'),
          'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring',
          upload.isPending && 'pointer-events-none opacity-60',
        )}
      >
        <Upload className="size-4" aria-hidden />
        {upload.isPending ? t('bank.import.busy') : t('bank.import.button')}
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          disabled={upload.isPending}
          onChange={chosen}
        />
      </label>
      {mapping ? (
        <MappingDialog
          preview={mapping.preview}
          wrong={mapping.wrong}
          busy={upload.isPending}
          onCancel={() => setMapping(null)}
          onSubmit={(m) => upload.mutate({ file: mapping.file, mapping: m })}
        />
      ) : null}
    </>
  )
}
