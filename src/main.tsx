import { StrictMode, startTransition } from 'react'
import './index.css'

// The two halves of the start, React's DOM renderer and the app (its auth chart, routes and
// stores), are separate imports: each is evaluated in a task of its own as it arrives, instead of
// one long task that would keep a tap or a keystroke waiting. The HTML preloads both.
const client = import('react-dom/client')
const app = import('./app/App')

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
