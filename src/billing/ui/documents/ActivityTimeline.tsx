import { useQuery } from '@tanstack/react-query'
import { Card } from '@/components/ui/card'
import { describeEvent, documentEventsQuery, foldVisits, timeAgo } from '@/billing/events'
import { useT } from '@/lib/i18n'

/** What happened to the document — sent, opened and downloaded (how often), answered, paid — live. */
export function ActivityTimeline({ documentId }: { documentId: string }) {
  const events = useQuery(documentEventsQuery(documentId))
  const rows = foldVisits(events.data ?? [])
  const t = useT()
  return (
    <Card className="grid content-start gap-3 p-4">
      <h2 className="font-semibold">{t('documents.activity.title')}</h2>
      {events.isPending ? (
        <p className="text-sm text-muted-foreground">{t('documents.activity.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('documents.activity.empty')}</p>
      ) : (
        <ol className="grid gap-2 text-sm" aria-label={t('documents.activity.title')}>
          {rows.map(({ event, count }) => (
            <li key={event.id} className="grid">
              <span>
                {describeEvent(event, t)}
                {count > 1 ? ` · ${t('documents.activity.times', { count })}` : ''}
              </span>
              <time dateTime={event.created} className="text-muted-foreground">
                {timeAgo(event.created, undefined, t)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}
