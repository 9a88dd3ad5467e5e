import { useId, useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Check, Circle } from 'lucide-react'
import { Card } from '@/components/ui/card'
import { Button, buttonClass } from '@/components/ui/button'
import { PreloadLink } from '@/components/ui/preload-link'
import { paths, recordPaths } from '@/config/paths'
import { sellerQuery } from '@/billing/queries'
import { useT, type MessageKey } from '@/lib/i18n'
import { useBusinessId } from '@/lib/business'
import { recordCountQuery } from '../api/setup'
import { promptInstall, useInstallState } from '../install'
import {
  businessReady,
  hideChecklist,
  isChecklistHidden,
  setupItems,
  showChecklist,
  type SetupStep,
} from '../setup'

const LABELS: Record<SetupStep, { title: MessageKey; text: MessageKey }> = {
  business: { title: 'guide.checklist.business.title', text: 'guide.checklist.business.text' },
  customer: { title: 'guide.checklist.customer.title', text: 'guide.checklist.customer.text' },
  invoice: { title: 'guide.checklist.invoice.title', text: 'guide.checklist.invoice.text' },
  install: { title: 'guide.checklist.install.title', text: 'guide.checklist.install.text' },
  twoFactor: { title: 'guide.checklist.twoFactor.title', text: 'guide.checklist.twoFactor.text' },
}

/**
 * The first-run checklist on the dashboard: five steps, each done or to do, with the way to do
 * it. It shows until every step is done or the user hides it; when it shows at all is decided in
 * ../setup.ts (not for an account already in use, such as the demo). Nothing shows until the
 * counts and the business settings are known, so it never flashes for a set-up account.
 */
export function SetupChecklist({ userId, twoFactor }: { userId: string; twoFactor: boolean }) {
  const t = useT()
  const titleId = useId()
  const progressId = useId()
  const business = useBusinessId()
  const seller = useQuery({ ...sellerQuery(business), enabled: !!business })
  const customers = useQuery(recordCountQuery('customers'))
  const invoices = useQuery(recordCountQuery('invoices'))
  const install = useInstallState()
  const [hidden, setHidden] = useState(() => isChecklistHidden(userId))

  if (seller.data === undefined || customers.data === undefined || invoices.data === undefined)
    return null
  const facts = {
    business: businessReady(seller.data),
    customers: customers.data,
    invoices: invoices.data,
    installed: install.installed,
    twoFactor,
  }
  if (!showChecklist(facts, hidden)) return null
  const items = setupItems(facts)
  const done = items.filter((i) => i.done).length

  const action = (step: SetupStep): ReactNode => {
    switch (step) {
      case 'business':
        return (
          <PreloadLink href={paths.settingsBusiness} className={buttonClass('outline', 'sm')}>
            {t('guide.checklist.business.action')}
          </PreloadLink>
        )
      case 'customer':
        return (
          <PreloadLink href={recordPaths.customerNew} className={buttonClass('outline', 'sm')}>
            {t('guide.checklist.customer.action')}
          </PreloadLink>
        )
      case 'invoice':
        return (
          <PreloadLink href={recordPaths.invoiceNew} className={buttonClass('outline', 'sm')}>
            {t('guide.checklist.invoice.action')}
          </PreloadLink>
        )
      case 'install':
        return install.canPrompt ? (
          <Button variant="outline" size="sm" onClick={() => void promptInstall()}>
            {t('guide.checklist.install.action')}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{t('guide.checklist.install.howTo')}</p>
        )
      case 'twoFactor':
        return (
          <PreloadLink href={paths.settingsSecurity} className={buttonClass('outline', 'sm')}>
            {t('guide.checklist.twoFactor.action')}
          </PreloadLink>
        )
    }
  }

  return (
    <Card className="grid gap-4" role="region" aria-labelledby={titleId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h2 id={titleId} className="text-lg font-semibold">
            {t('guide.checklist.title')}
          </h2>
          <p id={progressId} className="text-sm text-muted-foreground">
            {t('guide.checklist.progress', { done, total: items.length })}
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            hideChecklist(userId)
            setHidden(true)
          }}
        >
          {t('guide.checklist.hide')}
        </Button>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
        <div
          className="h-full rounded-full bg-primary transition-[width]"
          style={{ width: `${(done / items.length) * 100}%` }}
        />
      </div>
      <ol className="grid gap-3" aria-labelledby={titleId} aria-describedby={progressId}>
        {items.map(({ step, done: isDone }) => (
          <li
            key={step}
            className="flex flex-wrap items-start gap-x-3 gap-y-2 rounded-lg border border-border p-3"
          >
            <span
              aria-hidden
              className={
                isDone
                  ? 'mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-primary text-primary-foreground'
                  : 'mt-0.5 grid size-5 shrink-0 place-items-center text-muted-foreground'
              }
            >
              {isDone ? <Check className="size-3.5" /> : <Circle className="size-5" />}
            </span>
            <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
              <p className={isDone ? 'font-medium text-muted-foreground' : 'font-medium'}>
                <span className="sr-only">
                  {isDone ? t('guide.checklist.done') : t('guide.checklist.toDo')}
                </span>{' '}
                {t(LABELS[step].title)}
              </p>
              {isDone ? null : (
                <p className="text-sm text-muted-foreground">{t(LABELS[step].text)}</p>
              )}
            </div>
            {isDone ? null : <div className="ms-8 sm:ms-0">{action(step)}</div>}
          </li>
        ))}
      </ol>
    </Card>
  )
}
