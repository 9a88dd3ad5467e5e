import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PublicDocumentPage } from '@/features/public-document/PublicDocumentPage'
import './index.css'

// The customer's page (/d/<token>): its own entry, so it loads none of the signed-in app.
const token = window.location.pathname.split('/')[2] ?? ''
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <PublicDocumentPage token={decodeURIComponent(token)} />
  </StrictMode>,
)
