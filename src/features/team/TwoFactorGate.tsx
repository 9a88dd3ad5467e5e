import { Link } from 'wouter'
import { ShieldCheck } from 'lucide-react'
import { buttonClass } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { useT } from '@/lib/i18n'

/**
 * The pages a person can open in a business that requires two-factor sign-in before they have
 * it: where they turn it on, and their own account and profile. The records would be refused
 * anyway (the collections' rules filter them, so a list would only look empty).
 */
export const openWithoutSecondFactor: readonly string[] = [
  paths.settingsSecurity,
  paths.settingsAccount,
  paths.profile,
]

/** Whether the page at `location` is replaced by the 2FA gate. */
export const needsSecondFactor = (
  requireMfa: boolean,
  totpEnabled: boolean,
  location: string,
): boolean => requireMfa && !totpEnabled && !openWithoutSecondFactor.includes(location)

/** In place of a business's screens while its rule asks for a second factor the person lacks. */
export function TwoFactorGate({ business }: { business: string }) {
  const t = useT()
  return (
    <Card className="mx-auto grid max-w-xl gap-4" data-testid="two-factor-gate">
      <ShieldCheck className="size-8 text-primary" aria-hidden />
      <h1 className="text-2xl font-bold tracking-tight">
        <bdi>{t('team.gate.title', { business })}</bdi>
      </h1>
      <p className="text-muted-foreground">
        <bdi>{t('team.gate.body', { business })}</bdi>
      </p>
      <div>
        <Link href={paths.settingsSecurity} className={buttonClass()}>
          {t('team.gate.setUp')}
        </Link>
      </div>
    </Card>
  )
}
