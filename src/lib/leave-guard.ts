import { useEffect, useLayoutEffect } from 'react'
import { t } from './i18n'

/**
 * Asking before leaving a form with unsaved changes. A form registers a check (`useLeaveGuard`)
 * while it is on screen; in-app navigation (wouter's `aroundNav`, see `guardNavigation`) asks
 * with the browser's confirmation when any check says there is unsaved work, and the browser's
 * own leaving (reload, closing the tab, another site) asks through `beforeunload`. What was typed
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
