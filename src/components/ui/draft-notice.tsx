import { getIntlLocale, useT } from '@/lib/i18n'
import { Button } from './button'
import { Alert } from './card'

/** Offers a form's kept draft back (what was typed before and not saved): Restore or Discard. */
export function DraftNotice({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: number
  onRestore: () => void
  onDiscard: () => void
}) {
  const t = useT()
  const time = new Intl.DateTimeFormat(getIntlLocale(), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(savedAt)
  return (
    <Alert tone="info">
      <span className="flex flex-wrap items-center justify-between gap-2">
        <span>{t('shell.draft.offer', { time })}</span>
        <span className="flex flex-wrap gap-2">
          <Button size="sm" onClick={onRestore}>
            {t('shell.draft.restore')}
          </Button>
          <Button size="sm" variant="outline" onClick={onDiscard}>
            {t('shell.draft.discard')}
          </Button>
        </span>
      </span>
    </Alert>
  )
}

/** A form's kept draft, when there is one to offer (useDraft's answer). */
export function DraftOffer({
  draft,
}: {
  draft: { offer: { savedAt: number } | null; restore: () => void; discard: () => void }
}) {
  return draft.offer ? (
    <DraftNotice
      savedAt={draft.offer.savedAt}
      onRestore={draft.restore}
      onDiscard={draft.discard}
    />
  ) : null
}
