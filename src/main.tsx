import { StrictMode, startTransition } from 'react'
import './index.css'

// The start is three imports, React's DOM renderer, the auth chart (xstate and its chart) and
// the rest of the app (routes, stores): each is evaluated in a task of its own, instead of one long
// task that would keep a tap or a keystroke waiting. The HTML preloads them all.
const client = import('react-dom/client')
const app = import('./app/auth').then(() => import('./app/App'))

void Promise.all([client, app]).then(async ([{ createRoot, hydrateRoot }, appModule]) => {
  const { App, firstScreenReady, hydrating } = appModule
  await firstScreenReady
  const root = document.getElementById('root') as HTMLElement
  const tree = (
    <StrictMode>
      <App />
    </StrictMode>
  )
  // A prerendered public page is taken over as it stands; anything else is drawn from scratch.
  // As a transition, React does either in slices that give the main thread back every few
  // milliseconds, so a tap or a keystroke during the first render is not kept waiting.
  startTransition(() => {
    if (hydrating) hydrateRoot(root, tree)
    else createRoot(root).render(tree)
  })
})
