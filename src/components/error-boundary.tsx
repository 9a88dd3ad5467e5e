import { Component, useState, type ReactNode } from 'react'
import { Button } from './ui/button'

/** The default box for a render error: 'Something went wrong!' with a Show/Hide Error toggle. */
export function ErrorBox({ error }: { error: unknown }) {
  const [open, setOpen] = useState(false)
  const text = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error)
  return (
    <div role="alert" className="m-6 grid gap-3 rounded-xl border border-destructive/50 p-6">
      <h2 className="text-lg font-semibold">Something went wrong!</h2>
      <div>
        <Button variant="outline" size="sm" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide Error' : 'Show Error'}
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
