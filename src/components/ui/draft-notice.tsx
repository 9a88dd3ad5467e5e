import { useT } from '@/lib/i18n'
import { Button } from './button'
import { Alert } from './card'

/** Says a form came back with what was typed in it before (a kept draft), with Discard. */
export function DraftNotice({ onDiscard }: { onDiscard: () => void }) {
  const t = useT()
  return (
    <Alert tone="info">
      <span className="flex flex-wrap items-center justify-between gap-2">
        {t('shell.draft.kept')}
        <Button size="sm" variant="outline" onClick={onDiscard}>
          {t('shell.draft.discard')}
        </Button>
      </span>
    </Alert>
  )
}
