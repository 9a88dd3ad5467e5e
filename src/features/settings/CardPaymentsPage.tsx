import { useId, useState, type FormEvent } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Card } from '@/components/ui/card'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { RoleNote } from '@/components/ui/role-note'
import { useBusinessId } from '@/lib/business'
import { mutationErrorMessage } from '@/lib/errors'
import { useT } from '@/lib/i18n'
import { useRole } from '@/lib/roles'
import {
  connectStripe,
  disconnectStripe,
  stripeConnectionQuery,
  testStripe,
  type StripeConnection,
} from './api/stripe'

/**
 * /settings/card-payments: the business's own Stripe account, so customers can pay an invoice by
 * card from its link. The secrets are typed once and never shown again; the page shows the account
 * and whether it is in test mode, and can test the connection.
 */
export default function CardPaymentsPage() {
  const t = useT()
  const role = useRole()
  const business = useBusinessId()
  const connection = useQuery({
    ...stripeConnectionQuery(business),
    enabled: !!business && role.can('manage'),
  })
  if (!business) return null
  return (
    <Card className="grid min-w-0 gap-6">
      <div>
        <h2 className="text-lg font-semibold">
          <bdi>{t('settings.card.title')}</bdi>
        </h2>
        <p className="mt-1 text-sm text-muted-foreground [overflow-wrap:anywhere]">
          <bdi>{t('settings.card.intro')}</bdi>
        </p>
      </div>
      {!role.can('manage') ? (
        <RoleNote only="settings.card.only" />
      ) : connection.data ? (
        <Connection business={business} data={connection.data} />
      ) : connection.isError ? (
        <Alert>{mutationErrorMessage(connection.error)}</Alert>
      ) : (
        <p role="status">
          <bdi>{t('settings.card.loading')}</bdi>
        </p>
      )}
    </Card>
  )
}

function Connection({ business, data }: { business: string; data: StripeConnection }) {
  const t = useT()
  const id = useId()
  const client = useQueryClient()
  const [key, setKey] = useState('')
  const [whsec, setWhsec] = useState('')
  const [busy, setBusy] = useState<'save' | 'test' | 'disconnect' | null>(null)
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const keep = (next: StripeConnection) =>
    client.setQueryData(stripeConnectionQuery(business).queryKey, next)

  async function run(what: 'save' | 'test' | 'disconnect', call: () => Promise<StripeConnection>) {
    setBusy(what)
    setSaid(null)
    try {
      const next = await call()
      keep(next)
      if (what === 'save') {
        setKey('')
        setWhsec('')
      }
      setSaid({
        tone: 'success',
        text:
          what === 'disconnect'
            ? t('settings.card.disconnected')
            : what === 'test'
              ? t('settings.card.testOk')
              : t('settings.card.saved'),
      })
    } catch (e) {
      setSaid({ tone: 'error', text: mutationErrorMessage(e) })
    } finally {
      setBusy(null)
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    void run('save', () => connectStripe(business, { secret_key: key, webhook_secret: whsec }))
  }

  const webhookURL = `${window.location.origin}${data.webhook_path}`
  return (
    <div className="grid min-w-0 gap-5">
      <div className="flex flex-wrap items-center gap-2" data-testid="stripe-status">
        {data.connected ? (
          <>
            <p className="font-medium">
              <bdi>
                {data.account
                  ? t('settings.card.connectedAccount', { account: data.account })
                  : t('settings.card.connected')}
              </bdi>
            </p>
            {data.test_mode ? (
              <Badge tone="warning">{t('settings.card.testMode')}</Badge>
            ) : (
              <Badge tone="success">{t('settings.card.liveMode')}</Badge>
            )}
          </>
        ) : (
          <p>
            <bdi>{t('settings.card.notConnected')}</bdi>
          </p>
        )}
      </div>
      {/* Stripe's event names are long single words: they break where they must. */}
      <div className="grid min-w-0 gap-1 text-sm [overflow-wrap:anywhere]">
        <p className="font-medium">
          <bdi>{t('settings.card.webhookLabel')}</bdi>
        </p>
        <code className="break-all rounded-md bg-muted px-2 py-1" dir="ltr">
          {webhookURL}
        </code>
        <p className="text-muted-foreground">
          <bdi>{t('settings.card.webhookHint')}</bdi>
        </p>
      </div>
      <form id={id} className="grid min-w-0 gap-4 [overflow-wrap:anywhere]" onSubmit={submit}>
        <Field
          label={t('settings.card.secretKey')}
          type="password"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          hint={
            data.has_secret_key ? t('settings.card.keepHint') : t('settings.card.secretKeyHint')
          }
        />
        <Field
          label={t('settings.card.webhookSecret')}
          type="password"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          value={whsec}
          onChange={(e) => setWhsec(e.target.value)}
          hint={
            data.has_webhook_secret
              ? t('settings.card.keepHint')
              : t('settings.card.webhookSecretHint')
          }
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={busy === 'save'} disabled={busy !== null}>
            {t('settings.card.save')}
          </Button>
          {data.has_secret_key ? (
            <Button
              type="button"
              variant="outline"
              busy={busy === 'test'}
              disabled={busy !== null}
              onClick={() => void run('test', () => testStripe(business))}
            >
              {t('settings.card.test')}
            </Button>
          ) : null}
          {data.has_secret_key || data.has_webhook_secret ? (
            <Button
              type="button"
              variant="outline"
              busy={busy === 'disconnect'}
              disabled={busy !== null}
              onClick={() => void run('disconnect', () => disconnectStripe(business))}
            >
              {t('settings.card.disconnect')}
            </Button>
          ) : null}
        </div>
      </form>
      {said ? <Alert tone={said.tone}>{said.text}</Alert> : null}
    </div>
  )
}
