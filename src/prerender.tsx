// The build's prerendering (scripts/prerender.mjs): the public pages drawn to HTML in every
// language, so they show before any JavaScript runs. The browser then takes the HTML over
// (hydrateRoot in main.tsx), so what is drawn here must be what the browser's first render draws:
// the same routes, a signed-out auth chart still checking for a session, the page's messages.
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { createActor } from 'xstate'
import { authMachine } from '@machines/auth/auth.machine'
import { AuthActorContext } from '@/lib/auth-context'
import { docTranslator, directionOf, ensureBundle, startLocale, t, type Locale } from '@/lib/i18n'
import { preloadRoute } from '@/lib/preload'
import { prerenderedTitle } from '@/components/layout/document-title'
import { Routes } from '@/app/AppRoutes'
import { routeTable } from '@/app/routes'

export { LOCALES } from '@/lib/i18n'

/** The route table's paths and who may open them (the build lists each route's chunks). */
export const routes = routeTable.map(({ path, access }) => ({ path, access }))

export interface Rendered {
  /** The markup inside #root. */
  html: string
  /** The page's <title>. */
  title: string
  lang: Locale
  dir: 'ltr' | 'rtl'
}

/** One public page of the app (a path of the route table) in one language. */
export async function renderPage(path: string, locale: Locale): Promise<Rendered> {
  await startLocale(locale, ['core'])
  // Every bundle a public page may read, in this language (a route's own loader asks only once).
  await Promise.all([ensureBundle('core'), ensureBundle('public'), preloadRoute(path)])
  // Never started: its first state (checking for a kept session) is what the browser draws first.
  const auth = createActor(authMachine)
  const html = renderToString(
    <StrictMode>
      <AuthActorContext.Provider value={auth}>
        <Router ssrPath={path}>
          <Routes />
        </Router>
      </AuthActorContext.Provider>
    </StrictMode>,
  )
  return { html, title: prerenderedTitle(), lang: locale, dir: directionOf(locale) }
}

/**
 * The customer's page of a document (d.html) before its document is known: the "opening your
 * document" line in one language. Its script draws the page from scratch (it needs the document).
 */
export async function renderDocumentShell(locale: Locale): Promise<Rendered> {
  const dt = await docTranslator(locale)
  const html = renderToString(
    <main className="grid min-h-svh place-items-center p-6" aria-busy="true">
      <p role="status" className="text-muted-foreground">
        {dt('doc.public.opening')}
      </p>
    </main>,
  )
  return { html, title: dt('doc.public.pageTitle'), lang: locale, dir: directionOf(locale) }
}

/** What a browser without JavaScript says under the page, in one language. */
export async function noScriptText(locale: Locale): Promise<{ app: string; doc: string }> {
  await startLocale(locale, ['core'])
  const dt = await docTranslator(locale)
  return { app: t('common.noScript'), doc: dt('doc.public.noScript') }
}
