import { StrictMode, useEffect } from 'react'
import './index.css'

// The app is written against React's API and rendered by Preact (vite.config.ts aliases `react` and
// `react-dom` to preact/compat): the renderer is ~5 KB instead of ~60 KB gzipped.
// The start is three imports, the renderer, the auth chart (xstate and its chart) and the rest of
// the app (routes, stores): each is evaluated in a task of its own, instead of one long task that
// would keep a tap or a keystroke waiting. The HTML preloads them all.
const client = import('react-dom/client')
const app = import('./app/auth').then(() => import('./app/App'))

/** Marks the root once the app has taken it over (its handlers are attached): `data-started`. */
function Started({ root }: { root: HTMLElement }) {
  useEffect(() => root.setAttribute('data-started', ''), [root])
  return null
}

void Promise.all([client, app]).then(async ([{ createRoot, hydrateRoot }, appModule]) => {
  const { App, firstScreenReady, hydrating } = appModule
  await firstScreenReady
  const root = document.getElementById('root') as HTMLElement
  const tree = (
    <StrictMode>
      <App />
      <Started root={root} />
    </StrictMode>
  )
  // A prerendered public page is taken over as it stands; anything else is drawn from scratch.
  if (hydrating) hydrateRoot(root, tree)
  else createRoot(root).render(tree)
})
