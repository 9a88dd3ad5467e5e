import { Link } from 'wouter'
import { Button, buttonClass } from '@/components/ui/button'
import { ErrorLayout } from './ErrorLayout'

export default function NotFoundPage() {
  return (
    <ErrorLayout
      code="404"
      title="Oops! Page Not Found!"
      actions={
        <>
          <Button variant="outline" onClick={() => window.history.back()}>
            Go Back
          </Button>
          <Link href="~/" className={buttonClass()}>
            Back to Home
          </Link>
        </>
      }
    >
      <p>It seems like the page you're looking for does not exist or might have been removed.</p>
    </ErrorLayout>
  )
}
