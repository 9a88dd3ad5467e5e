import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert } from '@/components/ui/card'
import { RoleNote } from '@/components/ui/role-note'
import { sellerQuery } from '@/billing/queries'
import { writes } from '@/billing/writes'
import { currentBusinessName, useBusiness } from '@/lib/business'
import { mutationErrorMessage } from '@/lib/errors'
import { useT } from '@/lib/i18n'
import { useRole } from '@/lib/roles'
import { notify } from '@/lib/toast'
import { runWrite } from '@/lib/writes'

/**
 * The business's security rule, under the person's own 2FA: every member signs in with two
 * factors (`require_mfa`). Owners and admins change it; the server refuses to turn it on for
 * someone who has no second factor themselves (`folio_require_mfa_self`), said here.
 */
export function BusinessSecuritySection() {
  const t = useT()
  const here = useBusiness()
  const { current } = here
  const role = useRole()
  const settings = useQuery({ ...sellerQuery(current ?? ''), enabled: !!current })
  const [error, setError] = useState<string | null>(null)
  const id = useId()
  if (!current) return null
  const business = currentBusinessName(here) || t('team.switcher.unnamed')

  async function save(on: boolean) {
    setError(null)
    try {
      const result = await runWrite(writes.settingsUpdate, {
        business: current ?? '',
        body: { require_mfa: on },
        label: t('team.security.writeLabel', { state: on ? 'on' : 'off' }),
      })
      if (result.queued) notify('info', t('team.security.queued'))
      else notify('success', t(on ? 'team.security.on' : 'team.security.off', { business }))
    } catch (e) {
      setError(mutationErrorMessage(e))
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          <bdi>{t('team.security.title')}</bdi>
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          <bdi>{t('team.security.intro', { business })}</bdi>
        </p>
      </div>
      {!role.can('manage') ? (
        <RoleNote only="team.only.security" />
      ) : (
        <div className="flex items-start gap-3">
          <input
            id={`${id}-require`}
            type="checkbox"
            className="mt-0.5 size-4 accent-[var(--primary)]"
            checked={settings.data?.require_mfa === true}
            disabled={!settings.data}
            aria-describedby={`${id}-hint`}
            onChange={(e) => void save(e.target.checked)}
          />
          <div className="grid gap-0.5">
            <label htmlFor={`${id}-require`} className="text-sm font-medium">
              <bdi>{t('team.security.requireMfa', { business })}</bdi>
            </label>
            <p id={`${id}-hint`} className="text-sm text-muted-foreground">
              <bdi>{t('team.security.requireMfaHint')}</bdi>
            </p>
          </div>
        </div>
      )}
      {error ? <Alert>{error}</Alert> : null}
    </section>
  )
}
