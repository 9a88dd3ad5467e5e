import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Alert, Card } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { useAuthSelector } from '@/lib/auth-context'
import { mutationErrorMessage } from '@/lib/errors'
import { sellerQuery, type SellerSettings } from '@/billing/queries'
import { writes, type SettingsUpdate } from '@/billing/writes'
import { runWrite } from '@/lib/writes'
import { notify } from '@/lib/toast'
import { selectUser } from '@machines/auth/selectors'

type PreferenceField = keyof Pick<SellerSettings, 'notify_overdue' | 'notify_quote_expiring'>

const preferences: ReadonlyArray<{ field: PreferenceField; label: string; hint: string }> = [
  {
    field: 'notify_overdue',
    label: 'Remind me when an invoice becomes overdue',
    hint: 'Sent invoices past their due date with a balance left to pay.',
  },
  {
    field: 'notify_quote_expiring',
    label: 'Remind me when a quote is about to expire',
    hint: 'Sent quotes without an answer that expire within the next 7 days.',
  },
]

export const SAVED = 'Notification settings saved'
export const QUEUED = 'Saved on this device — it will be sent when you are back online'

export default function NotificationsPage() {
  const user = useAuthSelector(selectUser)
  if (!user) return null
  return <NotificationPreferences userId={user.id} />
}

function NotificationPreferences({ userId }: { userId: string }) {
  const settings = useQuery(sellerQuery(userId))
  const [error, setError] = useState<string | null>(null)
  const ids = useId()

  async function save(field: PreferenceField, on: boolean, label: string) {
    setError(null)
    const vars: SettingsUpdate = {
      userId,
      body: { [field]: on },
      label: `Notifications: “${label}” ${on ? 'on' : 'off'}`,
    }
    try {
      const result = await runWrite(writes.settingsUpdate, vars)
      if (result.queued) notify('info', QUEUED)
      else notify('success', SAVED)
    } catch (e) {
      setError(mutationErrorMessage(e))
    }
  }

  return (
    <Card className="grid gap-6">
      <div>
        <h2 className="text-lg font-semibold">Notifications</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Reminders appear in Folio, under the bell at the top of every page. Each change is saved
          at once.
        </p>
      </div>
      {settings.data ? (
        <fieldset className="grid gap-4">
          <legend className="mb-3 font-semibold">In-app reminders</legend>
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
                  onChange={(e) => void save(p.field, e.target.checked, p.label)}
                />
                <div className="grid gap-0.5">
                  <label htmlFor={inputId} className="text-sm font-medium">
                    {p.label}
                  </label>
                  <p id={`${inputId}-hint`} className="text-sm text-muted-foreground">
                    {p.hint}
                  </p>
                </div>
              </div>
            )
          })}
        </fieldset>
      ) : settings.isError ? (
        <div className="grid justify-items-start gap-3">
          <Alert>
            Your notification settings could not be loaded. {mutationErrorMessage(settings.error)}
          </Alert>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div aria-busy="true" className="grid gap-4">
          <p role="status" className="sr-only">
            Loading your notification settings…
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
