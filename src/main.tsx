import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App, firstScreenReady } from './app/App'
import './index.css'

void firstScreenReady.then(() =>
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
