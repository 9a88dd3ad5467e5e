import { useT } from '@/lib/i18n'
import { AuthLayout } from './components/AuthLayout'
import { SignInForm } from './components/SignInForm'

export default function SignInPage() {
  const t = useT()
  return (
    <AuthLayout title={t('auth.signIn')} description={t('auth.signIn.description')}>
      <SignInForm />
    </AuthLayout>
  )
}
