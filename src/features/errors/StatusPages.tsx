import { Link } from 'wouter'
import { Button, buttonClass } from '@/components/ui/button'
import { ErrorLayout } from './ErrorLayout'

const home = (label: string) => (
  <Link href="~/" className={buttonClass()}>
    {label}
  </Link>
)
const back = (
  <Button variant="outline" onClick={() => window.history.back()}>
    Go Back
  </Button>
)

export function ServerErrorPage() {
  return (
    <ErrorLayout code="500" title="Something went wrong" actions={home('Go Home')}>
      <p>We apologize for the inconvenience. Please try again later.</p>
    </ErrorLayout>
  )
}

export function UnauthorizedPage() {
  return (
    <ErrorLayout
      code="401"
      title="Unauthorized Access"
      actions={
        <>
          {back}
          <Link href="~/sign-in" className={buttonClass()}>
            Sign in
          </Link>
        </>
      }
    >
      <p>Please sign in with the appropriate credentials to see this page.</p>
    </ErrorLayout>
  )
}

export function ForbiddenPage() {
  return (
    <ErrorLayout
      code="403"
      title="Access Forbidden"
      actions={
        <>
          {back}
          {home('Back to Home')}
        </>
      }
    >
      <p>You don't have the permission needed to view this page.</p>
    </ErrorLayout>
  )
}

export function MaintenancePage() {
  return (
    <ErrorLayout
      code="503"
      title="Website is under maintenance!"
      actions={
        <Button variant="outline" onClick={() => window.location.reload()}>
          Try again
        </Button>
      }
    >
      <p>Folio is not available right now. We'll be back online shortly.</p>
    </ErrorLayout>
  )
}
