import { Link } from 'wouter'
import { Button, buttonClass } from '@/components/ui/button'
import { useT, type MessageKey } from '@/lib/i18n'
import { ErrorLayout } from './ErrorLayout'

function HomeLink({ labelKey }: { labelKey: MessageKey }) {
  const t = useT()
  return (
    <Link href="~/" className={buttonClass()}>
      {t(labelKey)}
    </Link>
  )
}

function BackButton() {
  const t = useT()
  return (
    <Button variant="outline" onClick={() => window.history.back()}>
      {t('pages.errors.goBack')}
    </Button>
  )
}

export function ServerErrorPage() {
  const t = useT()
  return (
    <ErrorLayout
      code="500"
      title={t('pages.errors.server.title')}
      actions={<HomeLink labelKey="pages.errors.goHome" />}
    >
      <p>{t('pages.errors.server.text')}</p>
    </ErrorLayout>
  )
}

export function UnauthorizedPage() {
  const t = useT()
  return (
    <ErrorLayout
      code="401"
      title={t('pages.errors.unauthorized.title')}
      actions={
        <>
          <BackButton />
          <Link href="~/sign-in" className={buttonClass()}>
            {t('auth.signIn')}
          </Link>
        </>
      }
    >
      <p>{t('pages.errors.unauthorized.text')}</p>
    </ErrorLayout>
  )
}

export function ForbiddenPage() {
  const t = useT()
  return (
    <ErrorLayout
      code="403"
      title={t('pages.errors.forbidden.title')}
      actions={
        <>
          <BackButton />
          <HomeLink labelKey="pages.errors.backHome" />
        </>
      }
    >
      <p>{t('pages.errors.forbidden.text')}</p>
    </ErrorLayout>
  )
}

export function MaintenancePage() {
  const t = useT()
  return (
    <ErrorLayout
      code="503"
      title={t('pages.errors.maintenance.title')}
      actions={
        <Button variant="outline" onClick={() => window.location.reload()}>
          {t('common.actions.tryAgain')}
        </Button>
      }
    >
      <p>{t('pages.errors.maintenance.text')}</p>
    </ErrorLayout>
  )
}
