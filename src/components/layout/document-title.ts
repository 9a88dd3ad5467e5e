import { useEffect } from 'react'
import { useLocale } from '@/lib/i18n'

/**
 * The browser tab's title: "<what is on screen> · Folio". The route sets a base (its name in the
 * route table); a record page sets its record's name or number on top while it is shown.
 */
const APP_NAME = 'Folio'
let base: string | null = null
const stack: { title: string }[] = []

// The same in every language (the app's name is not translated); bidi keeps RTL titles whole.
const format = (title: string | null) => (title ? `${title} · ${APP_NAME}` : APP_NAME)

function render() {
  document.title = format(stack.at(-1)?.title ?? base)
}

function setPrerenderedTitle(title: string | null) {
  base = title
}

/** The title of the page just prerendered (the build writes it into <title>); then forgets it. */
export function prerenderedTitle() {
  const title = format(base)
  base = null
  return title
}

/** The route's title (null: just "Folio"); SignedInApp sets it from the route table. */
export function useRouteTitle(title: string | null) {
  // Prerendering runs no effects: the build reads the title back (prerenderedTitle).
  if (typeof document === 'undefined') setPrerenderedTitle(title)
  useEffect(() => {
    base = title
    render()
    return () => {
      base = null
      render()
    }
  }, [title])
}

/**
 * A page's own title while it is shown, e.g. `useDocumentTitle(invoice.data?.number)`. Nothing
 * (undefined, null, "") leaves the route's title. Pass translated text: the hook re-applies it
 * when the interface's language changes.
 */
export function useDocumentTitle(title: string | null | undefined | false) {
  const locale = useLocale()
  useEffect(() => {
    if (!title) return
    const entry = { title }
    stack.push(entry)
    render()
    return () => {
      stack.splice(stack.indexOf(entry), 1)
      render()
    }
  }, [title, locale])
}
