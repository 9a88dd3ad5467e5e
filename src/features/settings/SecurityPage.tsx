import { Card } from '@/components/ui/card'
import { BusinessSecuritySection } from './components/BusinessSecuritySection'
import { useAuthSelector } from '@/lib/auth-context'
import { selectUser } from '@machines/auth/selectors'
import { PasswordForm } from './components/PasswordForm'
import { TwoFactorSection } from './components/TwoFactorSection'

/** The password and two-factor authentication, then the business's own rule for its members. */
export default function SecurityPage() {
  const user = useAuthSelector(selectUser)
  if (!user) return null
  return (
    <div className="grid gap-6">
      <Card>
        <PasswordForm user={user} />
      </Card>
      <Card>
        <TwoFactorSection user={user} />
      </Card>
      <Card>
        <BusinessSecuritySection />
      </Card>
    </div>
  )
}
