import { AuthLayout } from './components/AuthLayout'
import { SignInForm } from './components/SignInForm'

export default function SignInPage() {
  return (
    <AuthLayout title="Sign in" description="Enter your email and password to open your Folio.">
      <SignInForm />
    </AuthLayout>
  )
}
