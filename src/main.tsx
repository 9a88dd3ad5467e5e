import { StrictMode, startTransition, useEffect } from 'react'
import { firstScreenCommitted } from './lib/first-paint'
import './index.css'

// The start is three imports, React's DOM renderer, the auth chart (xstate and its chart) and
// the rest of the app (routes, stores): each is evaluated in a task of its own, instead of one long
// task that would keep a tap or a keystroke waiting. The HTML preloads them all.
const client = import('react-dom/client')
const auth = import('./app/auth')
const app = auth.then(() => import('./app/App'))

/**
 * Marks the root once the app has taken it over (its handlers are attached): `data-started`; and
 * reports the first commit, after whose paint the session refresh starts (src/lib/first-paint.ts).
 */
function Started({ root }: { root: HTMLElement }) {
  useEffect(() => {
    root.setAttribute('data-started', '')
    firstScreenCommitted()
  }, [root])
  return null
}

void Promise.all([client, auth, app]).then(
  async ([{ createRoot, hydrateRoot }, { startAuth }, { App, firstScreenReady, hydrating }]) => {
    await firstScreenReady
    const root = document.getElementById('root') as HTMLElement
    // Started once, outside the render: a render (which StrictMode runs twice) starts nothing.
    const actor = startAuth()
    const tree = (
      <StrictMode>
        <App auth={actor} />
        <Started root={root} />
      </StrictMode>
    )
    // A prerendered public page is taken over as it stands; anything else is drawn from scratch.
    // As a transition, React does either in slices that give the main thread back every few
    // milliseconds, so a tap or a keystroke during the first render is not kept waiting.
    startTransition(() => {
      if (hydrating) hydrateRoot(root, tree)
      else createRoot(root).render(tree)
    })
  },
)
