import { useQuery } from '@tanstack/react-query'
import { Card } from '@/components/ui/card'
import { describeEvent, documentEventsQuery, timeAgo, type DocumentEvent } from '@/billing/events'

/** What happened to the document — sent, opened (how often), downloaded, answered, paid — live. */
export function ActivityTimeline({ documentId }: { documentId: string }) {
  const events = useQuery(documentEventsQuery(documentId))
  const rows = collapseViews(events.data ?? [])
  return (
    <Card className="grid content-start gap-3 p-4">
      <h2 className="font-semibold">Activity</h2>
      {events.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing yet.</p>
      ) : (
        <ol className="grid gap-2 text-sm" aria-label="Activity">
          {rows.map(({ event, count }) => (
            <li key={event.id} className="grid">
              <span>
                {describeEvent(event)}
                {count > 1 ? ` · ${count} times` : ''}
              </span>
              <time dateTime={event.created} className="text-muted-foreground">
                {timeAgo(event.created)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}

/** Views in a row are one line with a count ("Opened by the customer · 3 times"). */
function collapseViews(events: DocumentEvent[]) {
  const rows: Array<{ event: DocumentEvent; count: number }> = []
  for (const event of events) {
    const last = rows.at(-1)
    if (last && event.type === 'viewed' && last.event.type === 'viewed') last.count++
    else rows.push({ event, count: 1 })
  }
  return rows
}
