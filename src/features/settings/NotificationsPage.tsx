import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { useBusinessId } from '@/lib/business'
import { useRole } from '@/lib/roles'
import { RoleNote } from '@/components/ui/role-note'
import { mutationErrorMessage } from '@/lib/errors'
import { sellerQuery, type SellerSettings } from '@/billing/queries'
import { writes, type SettingsUpdate } from '@/billing/writes'
import { runWrite } from '@/lib/writes'
import { notify } from '@/lib/toast'
import { useT, type MessageKey } from '@/lib/i18n'

type PreferenceField = keyof Pick<SellerSettings, 'notify_overdue' | 'notify_quote_expiring'>

const preferences = [
  {
    field: 'notify_overdue',
    label: 'settings.notifications.overdue',
    hint: 'settings.notifications.overdueHint',
  },
  {
    field: 'notify_quote_expiring',
    label: 'settings.notifications.expiring',
    hint: 'settings.notifications.expiringHint',
  },
] as const satisfies ReadonlyArray<{ field: PreferenceField; label: MessageKey; hint: MessageKey }>

export default function NotificationsPage() {
  const business = useBusinessId()
  if (!business) return null
  return <NotificationPreferences business={business} />
}

function NotificationPreferences({ business }: { business: string }) {
  const settings = useQuery(sellerQuery(business))
  const role = useRole()
  const [error, setError] = useState<string | null>(null)
  const ids = useId()
  const t = useT()

  async function save(field: PreferenceField, on: boolean, label: string) {
    setError(null)
    const vars: SettingsUpdate = {
      business,
      body: { [field]: on },
      label: t('settings.notifications.writeLabel', { label, state: on ? 'on' : 'off' }),
    }
    try {
      const result = await runWrite(writes.settingsUpdate, vars)
      if (result.queued) notify('info', t('settings.notifications.queued'))
      else notify('success', t('settings.notifications.saved'))
    } catch (e) {
      setError(mutationErrorMessage(e))
    }
  }

  return (
    <Card className="grid gap-6">
      <div>
        <h2 className="text-lg font-semibold">{t('settings.notifications.title')}</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          <bdi>{t('settings.notifications.intro')}</bdi>
        </p>
      </div>
      {!role.can('manage') ? (
        <RoleNote only="team.only.notifications" />
      ) : settings.data ? (
        <fieldset className="grid gap-4">
          <legend className="mb-3 font-semibold">{t('settings.notifications.legend')}</legend>
          {preferences.map((p) => {
            const inputId = `${ids}-${p.field}`
            return (
              <div key={p.field} className="flex items-start gap-3">
                <input
                  id={inputId}
                  type="checkbox"
                  className="mt-0.5 size-4 accent-[var(--primary)]"
                  checked={settings.data[p.field] === true}
                  aria-describedby={`${inputId}-hint`}
                  onChange={(e) => void save(p.field, e.target.checked, t(p.label))}
                />
                <div className="grid gap-0.5">
                  <label htmlFor={inputId} className="text-sm font-medium">
                    {t(p.label)}
                  </label>
                  <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
                    <bdi>{t(p.hint)}</bdi>
                  </p>
                </div>
              </div>
            )
          })}
        </fieldset>
      ) : settings.isError ? (
        <div className="grid justify-items-start gap-3">
          <Alert>
            {t('settings.notifications.loadFailed', {
              error: mutationErrorMessage(settings.error),
            })}
          </Alert>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            {t('settings.notifications.tryAgain')}
          </Button>
        </div>
      ) : (
        <div aria-busy="true" className="grid gap-4">
          <p role="status" className="sr-only">
            {t('settings.notifications.loading')}
          </p>
          {preferences.map((p) => (
            <div key={p.field} aria-hidden className="h-10 animate-pulse rounded-md bg-muted" />
          ))}
        </div>
      )}
      {error ? <Alert>{error}</Alert> : null}
    </Card>
  )
}
