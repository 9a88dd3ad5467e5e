import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PublicDocumentPage } from '@/features/public-document/PublicDocumentPage'
import {
  applyPageLanguage,
  chosenLanguage,
  pageLanguage,
} from '@/features/public-document/language'
import './index.css'

// The customer's page (/d/<token>): its own entry, so it loads none of the signed-in app. It
// speaks the document's language, which the page learns with the document; until then, the
// customer's earlier choice or the browser's language sets <html lang dir>.
applyPageLanguage(
  document.documentElement,
  pageLanguage(chosenLanguage(), null, navigator.languages),
)
const token = window.location.pathname.split('/')[2] ?? ''
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <PublicDocumentPage token={decodeURIComponent(token)} />
  </StrictMode>,
)
