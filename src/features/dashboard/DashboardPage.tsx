import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLocation, useSearch } from 'wouter'
import { PageHeader } from '@/components/layout/PageHeader'
import { Alert, EmptyState } from '@/components/ui/card'
import { Button, buttonClass } from '@/components/ui/button'
import { SelectField } from '@/components/ui/inputs'
import { PreloadLink } from '@/components/ui/preload-link'
import { recordPaths } from '@/config/paths'
import { useAuthSelector } from '@/lib/auth-context'
import { formatDate, todayIso } from '@/billing/format'
import { selectUser } from '@machines/auth/selectors'
import { dashboardQuery, type Dashboard } from './api/dashboard'
import {
  PERIODS,
  parseDashboardSearch,
  periodRange,
  serializeDashboardSearch,
  type DashboardSearch,
  type PeriodId,
} from './period'
import { KpiCards } from './components/KpiCards'
import { MonthlySection } from './components/MonthlySection'
import { AgingBars } from './components/AgingBars'
import { ActionLists } from './components/ActionLists'
import { DashboardSkeleton } from './components/DashboardSkeleton'
import { NotCachedOffline, useWaitingOffline } from '@/components/ui/offline-note'
import { SetupChecklist } from './components/SetupChecklist'
import { RemindersCard } from './components/RemindersCard'
import { ensureBundle, useT } from '@/lib/i18n'
import { useNear } from '@/lib/use-near'
import { richText } from '@/lib/i18n/rich'
import { WriteOnly } from '@/components/ui/role-note'

/** Income, expenses and profit: loaded with its words when scrolled near, not for first paint. */
const IncomeExpensesCard = lazy(() =>
  Promise.all([import('./components/IncomeExpensesCard'), ensureBundle('reports')]).then(
    ([m]) => m,
  ),
)

function WhenNear({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  const [near, setNear] = useState(false)
  useNear(
    ref,
    useCallback(() => setNear(true), []),
    { rootMargin: '200px', skip: near },
  )
  return <div ref={ref}>{near ? <Suspense fallback={null}>{children}</Suspense> : null}</div>
}

/** A new account: no customer yet, so no currency and nothing to add up. */
export const isNewAccount = (d: Dashboard) => d.currencies.length === 0

export default function DashboardPage() {
  const user = useAuthSelector(selectUser)
  const t = useT()
  const search = parseDashboardSearch(useSearch())
  const [location, navigate] = useLocation()
  const range = periodRange(search.period, todayIso())
  const query = useQuery(dashboardQuery({ ...range, currency: search.currency }))
  const data = query.data
  const waitingOffline = useWaitingOffline(!data && !query.isError)
  // A currency from an old link that the account no longer uses stays selectable, to switch away.
  const currencies =
    data && data.currency && !data.currencies.includes(data.currency)
      ? [...data.currencies, data.currency].sort()
      : (data?.currencies ?? [])
  const change = (next: Partial<DashboardSearch>) =>
    navigate(`${location}${serializeDashboardSearch({ ...search, ...next })}`, { replace: true })

  const header = (
    <PageHeader
      title={t('dashboard.title')}
      description={
        user?.name ? t('dashboard.welcomeNamed', { name: user.name }) : t('dashboard.welcome')
      }
      actions={
        data && !isNewAccount(data) ? (
          <div className="flex flex-wrap items-end gap-3">
            <SelectField
              label={t('dashboard.period')}
              className="w-44"
              value={search.period}
              onChange={(e) => change({ period: e.target.value as PeriodId })}
            >
              {PERIODS.map((p) => (
                <option key={p.id} value={p.id}>
                  {t(p.label)}
                </option>
              ))}
            </SelectField>
            {currencies.length > 1 ? (
              <SelectField
                label={t('dashboard.currency')}
                className="w-28"
                value={data.currency}
                onChange={(e) => change({ currency: e.target.value })}
              >
                {currencies.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </SelectField>
            ) : null}
          </div>
        ) : null
      }
    />
  )

  if (!data) {
    return (
      <>
        {header}
        {query.isError ? (
          <div className="grid justify-items-start gap-3">
            <Alert>{t('dashboard.loadFailed')}</Alert>
            <Button variant="outline" onClick={() => void query.refetch()}>
              {t('dashboard.tryAgain')}
            </Button>
          </div>
        ) : waitingOffline ? (
          <NotCachedOffline />
        ) : (
          <DashboardSkeleton />
        )}
      </>
    )
  }

  // The first-run checklist, above the figures until the account is set up (see ./setup.ts).
  const checklist = user ? (
    <SetupChecklist userId={user.id} twoFactor={user.totpEnabled === true} />
  ) : null

  if (isNewAccount(data)) {
    return (
      <>
        {header}
        <div className="grid gap-6">
          {checklist}
          <EmptyState
            title={t('dashboard.empty.title')}
            action={
              <WriteOnly>
                <PreloadLink href={recordPaths.customerNew} className={buttonClass()}>
                  {t('dashboard.empty.action')}
                </PreloadLink>
              </WriteOnly>
            }
          >
            {t('dashboard.empty.text')}
          </EmptyState>
        </div>
      </>
    )
  }

  return (
    <>
      {header}
      <div className="grid gap-6" aria-busy={query.isPlaceholderData || undefined}>
        <p className="-mt-3 text-sm text-muted-foreground">
          <bdi>
            {richText(t, 'dashboard.range', {
              from: <bdi>{formatDate(data.period.from)}</bdi>,
              to: <bdi>{formatDate(data.period.to)}</bdi>,
              currency: data.currency,
              previousFrom: <bdi>{formatDate(data.previous.from)}</bdi>,
              previousTo: <bdi>{formatDate(data.previous.to)}</bdi>,
            })}
          </bdi>
          <span role="status">{query.isPlaceholderData ? ` ${t('dashboard.updating')}` : ''}</span>
        </p>
        {checklist}
        <KpiCards data={data} />
        <MonthlySection months={data.monthly} currency={data.currency} />
        <AgingBars
          aging={data.aging}
          outstanding={data.outstanding_cents}
          currency={data.currency}
        />
        <ActionLists data={data} />
        <WhenNear>
          <IncomeExpensesCard from={data.period.from} to={data.period.to} />
        </WhenNear>
        <RemindersCard />
      </div>
    </>
  )
}
