import { Button } from './button'
import { Alert } from './card'

/** Says a form came back with what was typed in it before (a kept draft), with Discard. */
export function DraftNotice({ onDiscard }: { onDiscard: () => void }) {
  return (
    <Alert tone="info">
      <span className="flex flex-wrap items-center justify-between gap-2">
        What you typed here before was kept, and is back.
        <Button size="sm" variant="outline" onClick={onDiscard}>
          Discard it
        </Button>
      </span>
    </Alert>
  )
}
