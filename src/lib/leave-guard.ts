import { useEffect, useLayoutEffect } from 'react'
import { t } from './i18n'

/**
 * Asking before leaving a form with unsaved changes. A form registers a check (`useLeaveGuard`)
 * while it is on screen; in-app navigation (wouter's `aroundNav`, see `guardNavigation`) asks
 * with the browser's confirmation when any check says there is unsaved work, the browser's Back
 * and Forward buttons ask too (`onPopState`), and the browser's own leaving (reload, closing the
 * tab, another site) asks through `beforeunload`. What was typed
 * is kept as a draft either way (src/lib/drafts.ts): the question is about leaving, not losing.
 */
type Check = () => boolean
type Navigate = (to: string, options?: { replace?: boolean; state?: unknown }) => void

const checks = new Set<Check>()

/** Whether a form on screen holds changes that are not saved. */
export const hasUnsavedWork = (): boolean => [...checks].some((check) => check())

/** Asks whether to leave unsaved work; true when there is none. */
export function mayLeave(question = t('shell.draft.leave')): boolean {
  if (!hasUnsavedWork()) return true
  if (!window.confirm(question)) return false
  // Leaving on purpose: the forms about to go must not ask again.
  checks.clear()
  return true
}

/** Wraps each in-app navigation: asks first while a form holds unsaved work. */
export function guardNavigation(navigate: Navigate, to: string, options?: { replace?: boolean }) {
  if (mayLeave()) navigate(to, options)
}

/** The address on screen, kept as the history changes, so a refused Back can go back to it. */
let here = typeof location === 'undefined' ? '' : location.href
const track = () => {
  here = location.href
}

/**
 * Back or Forward with unsaved work. The browser has already moved the address when `popstate`
 * fires, so this listener runs first (capture, at the window) and, when the person stays, keeps
 * the router from hearing of it and puts the form's address back. Saying yes lets the router
 * follow as usual.
 */
function onPopState(event: PopStateEvent) {
  if (mayLeave()) {
    track()
    return
  }
  event.stopImmediatePropagation()
  history.pushState(history.state, '', here)
}

/**
 * Listens from the start, before the router subscribes: listeners run in the order they were
 * added, and the router's must not hear of a Back that the person refuses (it would unmount the
 * form in between). Nothing happens here while no form holds unsaved work.
 */
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', onPopState, { capture: true })
  // wouter announces its own history writes, e.g. a form putting its state in the address.
  window.addEventListener('pushState', track)
  window.addEventListener('replaceState', track)
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (!hasUnsavedWork()) return
  event.preventDefault()
  // Older browsers show the prompt only when returnValue is set.
  event.returnValue = ''
}

/**
 * Registers `unsaved` while the component is on screen. A layout effect: a form that goes
 * (e.g. signing out replaces the screen) stops asking before the next screen's redirects run.
 */
export function useLeaveGuard(unsaved: Check) {
  useLayoutEffect(() => {
    checks.add(unsaved)
    return () => {
      checks.delete(unsaved)
    }
  }, [unsaved])
  useEffect(() => {
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [])
}
