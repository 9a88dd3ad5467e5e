import { useEffect } from 'react'
import { navigate } from 'wouter/use-browser-location'
import { paths } from '@/config/paths'
import {
  assumeOwnBusiness,
  businessState,
  setMembershipRefresher,
  startBusinessContext,
  useBusiness,
  type BusinessState,
} from '@/lib/business'
import { applyMemberships, type AccessLoss } from '@/lib/business-sync'
import { loadPb } from '@/lib/pocketbase/instance'
import { loadMemberships, sessionAccepted, watchMemberships } from '@/lib/pocketbase/memberships'
import { isNetworkError } from '@/lib/errors'
import { getIntlLocale, t } from '@/lib/i18n'
import { notify } from '@/lib/toast'

/** Tells the person what they lost, with the queued writes that will not be sent. */
function tell(loss: AccessLoss) {
  const business = loss.membership.businessName || t('team.switcher.unnamed')
  const title =
    loss.kind === 'removed'
      ? t('team.removed.title', { business })
      : t('team.lowered.title', { business, role: t(`team.role.${loss.membership.role}`) })
  const list = new Intl.ListFormat(getIntlLocale(), { type: 'conjunction' })
  const detail = loss.unsent.length
    ? t('team.unsent', { count: loss.unsent.length, list: list.format(loss.unsent) })
    : undefined
  notify(loss.kind === 'removed' ? 'error' : 'info', title, detail)
}

/**
 * The signed-in person's businesses: started from this device's copy, then read from the server,
 * and kept live (a removal or a lowered role arrives by realtime, and is read again when the
 * window comes back into focus). Losing the current business wipes it and moves on.
 */
export function useBusinessContext(userId: string | null): BusinessState {
  if (userId) startBusinessContext(userId)
  const state = useBusiness()
  useEffect(() => {
    if (!userId) return
    let stopped = false
    let unsubscribe: (() => Promise<void>) | null = null
    const refresh = async () => {
      const pb = await loadPb()
      try {
        const list = await loadMemberships(pb, userId)
        if (stopped) return
        const before = businessState().current
        // A list without the open business is a removal only if the server still knows this
        // session; otherwise the auth chart will say the session expired, and nothing is wiped.
        const lost = before !== null && !list.some((m) => m.business === before)
        if (lost && !(await sessionAccepted(pb, userId))) return
        if (stopped) return
        await applyMemberships(userId, list, tell)
        // The business on screen was taken away: its pages would only be refused now.
        if (before && businessState().current !== before) navigate(paths.dashboard)
      } catch (error) {
        if (stopped) return
        if (isNetworkError(error) || !businessState().known) assumeOwnBusiness(userId)
      }
    }
    setMembershipRefresher(refresh)
    void refresh()
    void loadPb()
      .then((pb) => watchMemberships(pb, userId, () => void refresh()))
      .then((stop) => {
        if (stopped) void stop().catch(() => {})
        else unsubscribe = stop
      })
      .catch(() => {
        // Offline: read again on focus and when the app comes back online.
      })
    const onFocus = () => void refresh()
    window.addEventListener('focus', onFocus)
    window.addEventListener('online', onFocus)
    return () => {
      stopped = true
      setMembershipRefresher(null)
      window.removeEventListener('focus', onFocus)
      window.removeEventListener('online', onFocus)
      void unsubscribe?.().catch(() => {})
    }
  }, [userId])
  return state
}
