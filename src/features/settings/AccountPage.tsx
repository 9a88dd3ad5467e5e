import { useMutation } from '@tanstack/react-query'
import { Card, Alert } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { useAuthSelector } from '@/lib/auth-context'
import { mutationErrorMessage } from '@/lib/errors'
import { selectUser } from '@machines/auth/selectors'
import { ProfileForm } from './components/ProfileForm'
import { ReplicaSection } from './components/ReplicaSection'
import { requestVerification } from './api/account'
import { useT } from '@/lib/i18n'

/**
 * The profile (name, company, avatar), the email address's verification, and for the server's
 * operator where the database streams and how far behind.
 */
export default function AccountPage() {
  const user = useAuthSelector(selectUser)
  const verify = useMutation({ mutationFn: requestVerification, meta: { silent: true } })
  const t = useT()
  if (!user) return null
  return (
    <div className="grid gap-6">
      <Card>
        <ProfileForm user={user} />
      </Card>
      <Card className="grid gap-3">
        <h2 className="text-lg font-semibold">
          <bdi>{t('settings.account.verification.title')}</bdi>
        </h2>
        {user.verified ? (
          <p className="text-sm text-muted-foreground">
            <bdi>{t('settings.account.verification.verified', { email: user.email })}</bdi>
          </p>
        ) : verify.isSuccess ? (
          <Alert tone="success">
            {t('settings.account.verification.sent', { email: user.email })}
          </Alert>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              <bdi>{t('settings.account.verification.notVerified', { email: user.email })}</bdi>
            </p>
            {verify.isError ? <Alert>{mutationErrorMessage(verify.error)}</Alert> : null}
            <div>
              <Button
                variant="outline"
                busy={verify.isPending}
                onClick={() => verify.mutate(user.email)}
              >
                {t('settings.account.verification.send')}
              </Button>
            </div>
          </>
        )}
      </Card>
      <ReplicaSection userId={user.id} />
    </div>
  )
}
