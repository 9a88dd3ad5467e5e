import { Link } from 'wouter'
import { Button, buttonClass } from '@/components/ui/button'
import { useT } from '@/lib/i18n'
import { ErrorLayout } from './ErrorLayout'

export default function NotFoundPage() {
  const t = useT()
  return (
    <ErrorLayout
      code="404"
      title={t('pages.errors.notFound.title')}
      actions={
        <>
          <Button variant="outline" onClick={() => window.history.back()}>
            {t('pages.errors.goBack')}
          </Button>
          <Link href="~/" className={buttonClass()}>
            {t('pages.errors.backHome')}
          </Link>
        </>
      }
    >
      <p>{t('pages.errors.notFound.text')}</p>
    </ErrorLayout>
  )
}
