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
      {t('auth.errors.goBack')}
    </Button>
  )
}

export function ServerErrorPage() {
  const t = useT()
  return (
    <ErrorLayout
      code="500"
      title={t('auth.errors.server.title')}
      actions={<HomeLink labelKey="auth.errors.goHome" />}
    >
      <p>{t('auth.errors.server.text')}</p>
    </ErrorLayout>
  )
}

export function UnauthorizedPage() {
  const t = useT()
  return (
    <ErrorLayout
      code="401"
      title={t('auth.errors.unauthorized.title')}
      actions={
        <>
          <BackButton />
          <Link href="~/sign-in" className={buttonClass()}>
            {t('auth.signIn')}
          </Link>
        </>
      }
    >
      <p>{t('auth.errors.unauthorized.text')}</p>
    </ErrorLayout>
  )
}

export function ForbiddenPage() {
  const t = useT()
  return (
    <ErrorLayout
      code="403"
      title={t('auth.errors.forbidden.title')}
      actions={
        <>
          <BackButton />
          <HomeLink labelKey="auth.errors.backHome" />
        </>
      }
    >
      <p>{t('auth.errors.forbidden.text')}</p>
    </ErrorLayout>
  )
}

export function MaintenancePage() {
  const t = useT()
  return (
    <ErrorLayout
      code="503"
      title={t('auth.errors.maintenance.title')}
      actions={
        <Button variant="outline" onClick={() => window.location.reload()}>
          {t('common.actions.tryAgain')}
        </Button>
      }
    >
      <p>{t('auth.errors.maintenance.text')}</p>
    </ErrorLayout>
  )
}
