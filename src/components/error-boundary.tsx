import { Component, useState, type ReactNode } from 'react'
import { useT } from '@/lib/i18n'
import { Button } from './ui/button'

/** The default box for a render error: 'Something went wrong!' with a Show/Hide Error toggle. */
function ErrorBox({ error }: { error: unknown }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const text = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error)
  const chunk = isChunkLoadError(error)
  return (
    <div role="alert" className="m-6 grid gap-3 rounded-xl border border-destructive/50 p-6">
      <h2 className="text-lg font-semibold">{t('common.errorBox.title')}</h2>
      {chunk ? <p className="text-sm text-muted-foreground">{t('common.errorBox.chunk')}</p> : null}
      <div className="flex gap-2">
        {chunk ? (
          // React keeps a failed lazy import failed: a fresh page load fetches it again.
          <Button size="sm" onClick={() => window.location.reload()}>
            {t('common.actions.tryAgain')}
          </Button>
        ) : null}
        <Button variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t('common.errorBox.hide') : t('common.errorBox.show')}
        </Button>
      </div>
      {open ? (
        <pre className="max-h-80 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap">
          {text}
        </pre>
      ) : null}
    </div>
  )
}

/** A screen's code that failed to download (server gone, connection lost mid-navigation). */
function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS/i.test(
    message,
  )
}

interface State {
  error: unknown
}

export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  state: State = { error: null }
  static getDerivedStateFromError(error: unknown): State {
    return { error }
  }
  componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null })
  }
  render() {
    return this.state.error ? <ErrorBox error={this.state.error} /> : this.props.children
  }
}
