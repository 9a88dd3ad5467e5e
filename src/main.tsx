import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App, firstScreenReady, hydrating } from './app/App'
import './index.css'

void firstScreenReady.then(() => {
  const root = document.getElementById('root') as HTMLElement
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  )
  // A prerendered public page is taken over as it stands; anything else is drawn from scratch.
  // As a transition, React does either in slices that give the main thread back every few
  // milliseconds, so a tap or a keystroke during the first render is not kept waiting.
  startTransition(() => {
    if (hydrating) hydrateRoot(root, app)
    else createRoot(root).render(app)
  })
})
