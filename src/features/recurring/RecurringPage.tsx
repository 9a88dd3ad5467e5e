import { useState } from 'react'
import { HeadCells } from '@/components/ui/head-cells'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useLocation, useParams } from 'wouter'
import { PageHeader } from '@/components/layout/PageHeader'
import { Alert, Card } from '@/components/ui/card'
import { Button, buttonClass } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm'
import { PreloadLink } from '@/components/ui/preload-link'
import { paths, recordPaths } from '@/config/paths'
import { formatDate, formatMoney } from '@/billing/format'
import { refusal, refusalText } from '@/lib/errors'
import { notify } from '@/lib/toast'
import { useT, type Translate } from '@/lib/i18n'
import { useDocumentTitle } from '@/components/layout/document-title'
import {
  deleteTemplate,
  frequencyText,
  refreshRecurring,
  runsQuery,
  stateOf,
  templateName,
  templateQuery,
  updateTemplate,
  type Run,
  type Template,
} from './api'
import { StateBadge } from './StateBadge'
import { templateTotal } from './RecurringListPage'
import { WriteOnly } from '@/components/ui/role-note'

/** A run's failure in the interface's language (the server's sentence, said again by its code). */
const reasonText = (code: string, message: string) =>
  code ? refusalText({ code, message, params: {} }) : message

function endText(t: Translate, tpl: Template): string {
  if (tpl.end_kind === 'after') return t('recurring.end.afterN', { count: tpl.end_count })
  if (tpl.end_kind === 'on') return t('recurring.end.onDate', { date: formatDate(tpl.end_date) })
  return t('recurring.end.never')
}

/** /recurring/:id: the template, its next dates and the invoices it made. */
export default function RecurringPage() {
  const t = useT()
  const { id = '' } = useParams<{ id: string }>()
  const qc = useQueryClient()
  const [, navigate] = useLocation()
  const tpl = useQuery(templateQuery(id))
  const runs = useQuery(runsQuery(id))
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [busy, setBusy] = useState(false)
  useDocumentTitle(tpl.data ? templateName(tpl.data) : null)

  if (!tpl.data)
    return <p role="status">{tpl.isError ? t('recurring.notFound') : t('recurring.loading')}</p>
  const data = tpl.data
  const state = stateOf(data)

  const setPaused = async (paused: boolean) => {
    setBusy(true)
    try {
      await updateTemplate(id, { paused })
      await refreshRecurring(qc)
      notify('success', paused ? t('recurring.paused') : t('recurring.resumed'))
    } catch (error) {
      notify('error', refusal(error).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <PageHeader
        title={templateName(data)}
        description={
          <>
            {frequencyText(t, data)} · <StateBadge state={state} />
          </>
        }
        actions={
          <WriteOnly>
            <div className="flex flex-wrap gap-2">
              {data.paused ? (
                <Button busy={busy} onClick={() => void setPaused(false)}>
                  {t('recurring.action.resume')}
                </Button>
              ) : (
                <Button variant="outline" busy={busy} onClick={() => void setPaused(true)}>
                  {t('recurring.action.pause')}
                </Button>
              )}
              <PreloadLink href={recordPaths.recurringEdit(id)} className={buttonClass('outline')}>
                {t('recurring.action.edit')}
              </PreloadLink>
              <Button variant="outline" onClick={() => setConfirmDelete(true)}>
                {t('recurring.action.delete')}
              </Button>
            </div>
          </WriteOnly>
        }
      />
      <div className="grid gap-6">
        {data.last_error ? (
          <Alert>
            {t('recurring.lastError', {
              reason: reasonText(data.last_error_code, data.last_error),
            })}
          </Alert>
        ) : null}
        <div className="grid gap-6 lg:grid-cols-2">
          <Card className="grid content-start gap-2 text-sm">
            <h2 className="text-base font-semibold">{t('recurring.details')}</h2>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">{t('recurring.form.customer')}</dt>
              <dd className="break-words">
                {data.expand?.customer ? (
                  <PreloadLink
                    href={recordPaths.customer(data.customer)}
                    className="underline-offset-4 hover:underline"
                  >
                    <bdi>{data.expand.customer.name}</bdi>
                  </PreloadLink>
                ) : (
                  '—'
                )}
              </dd>
              <dt className="text-muted-foreground">{t('recurring.form.start')}</dt>
              <dd>{formatDate(data.start_date)}</dd>
              <dt className="text-muted-foreground">{t('recurring.form.end')}</dt>
              <dd>{endText(t, data)}</dd>
              <dt className="text-muted-foreground">{t('recurring.form.terms')}</dt>
              <dd>{t('recurring.termsDays', { days: data.payment_terms_days })}</dd>
              <dt className="text-muted-foreground">{t('recurring.form.action')}</dt>
              <dd>{t(`recurring.action.${data.action}`)}</dd>
              <dt className="text-muted-foreground">{t('recurring.column.amount')}</dt>
              <dd className="tabular-nums">
                <bdi>{templateTotal(data)}</bdi>
              </dd>
            </dl>
          </Card>
          <Card className="grid content-start gap-2 text-sm">
            <h2 className="text-base font-semibold">{t('recurring.nextDates')}</h2>
            {state === 'ended' || !data.upcoming?.length ? (
              <p className="text-muted-foreground">{t('recurring.noNextDates')}</p>
            ) : (
              <>
                {data.paused ? (
                  <p className="text-muted-foreground">{t('recurring.pausedNote')}</p>
                ) : null}
                <ol className="grid gap-1" aria-label={t('recurring.nextDates')}>
                  {data.upcoming.map((d) => (
                    <li key={d}>{formatDate(d)}</li>
                  ))}
                </ol>
              </>
            )}
          </Card>
        </div>
        <Card className="grid gap-2 text-sm">
          <h2 className="text-base font-semibold">{t('recurring.made')}</h2>
          {!runs.data ? (
            <p role="status">{t('recurring.loading')}</p>
          ) : runs.data.length === 0 ? (
            <p className="text-muted-foreground">{t('recurring.noneMade')}</p>
          ) : (
            <RunsTable runs={runs.data} />
          )}
        </Card>
      </div>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('recurring.delete.title')}
        description={t('recurring.delete.description')}
        confirmLabel={t('recurring.action.delete')}
        destructive
        onConfirm={async () => {
          try {
            await deleteTemplate(id)
            await refreshRecurring(qc)
            notify('success', t('recurring.delete.done'))
            navigate(paths.recurring)
          } catch (error) {
            return refusal(error).message
          }
        }}
      />
    </>
  )
}

function RunsTable({ runs }: { runs: Run[] }) {
  const t = useT()
  return (
    <div className="overflow-x-auto">
      <table className="w-full">
        <thead>
          <tr className="border-b border-border">
            <HeadCells
              cells={[
                [t('recurring.run.date'), 'py-1 pe-3 text-start font-medium'],
                [t('recurring.run.invoice'), 'py-1 pe-3 text-start font-medium'],
                [t('recurring.run.status'), 'py-1 pe-3 text-start font-medium'],
                [t('recurring.column.amount'), 'hidden py-1 text-end font-medium sm:table-cell'],
              ]}
            />
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => {
            const inv = r.expand?.invoice
            return (
              <tr key={r.id} className="border-b border-border last:border-0 align-top">
                <td className="py-1 pe-3 whitespace-nowrap">{formatDate(r.period)}</td>
                <td className="py-1 pe-3 whitespace-nowrap">
                  {inv ? (
                    <PreloadLink
                      href={recordPaths.invoice(inv.id)}
                      className="underline-offset-4 hover:underline"
                    >
                      <bdi>{inv.number}</bdi>
                    </PreloadLink>
                  ) : (
                    '—'
                  )}
                </td>
                <td className="py-1 pe-3">
                  {t(`recurring.run.${r.status}`)}
                  {r.error ? (
                    <div className="text-xs text-destructive">
                      {reasonText(r.error_code, r.error)}
                    </div>
                  ) : null}
                </td>
                <td className="hidden py-1 text-end whitespace-nowrap tabular-nums sm:table-cell">
                  {inv ? <bdi>{formatMoney(inv.total_cents, inv.currency)}</bdi> : '—'}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
