import { PageHeader } from '@/components/layout/PageHeader'
import { Card } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { buttonClass } from '@/components/ui/button'
import { useAuthSelector } from '@/lib/auth-context'
import { avatarUrl } from '@/lib/pocketbase/files'
import { initials } from '@/components/layout/initials'
import { useFileToken } from '@/lib/pocketbase/file-token'
import { selectUser } from '@machines/auth/selectors'
import { useQuery } from '@tanstack/react-query'
import { userQuery } from './api/user'
import { intlLocale, useLocale, useT } from '@/lib/i18n'

export default function ProfilePage() {
  const sessionUser = useAuthSelector(selectUser)
  // The server's copy of the record (works offline from the saved cache), over the session's.
  const record = useQuery({ ...userQuery(sessionUser?.id ?? ''), enabled: Boolean(sessionUser) })
  const fileToken = useFileToken(sessionUser?.id)
  const t = useT()
  const locale = useLocale()
  if (!sessionUser) return null
  const fresh = record.data
  const user = fresh
    ? {
        ...sessionUser,
        name: String(fresh.name ?? ''),
        company: String(fresh.company ?? ''),
        avatar: String(fresh.avatar ?? ''),
        verified: fresh.verified === true,
      }
    : sessionUser
  const rows: Array<[string, string]> = [
    [t('settings.profile.name'), user.name || '—'],
    [t('settings.profile.email'), user.email],
    [t('settings.profile.company'), user.company || '—'],
    [
      t('settings.profile.emailVerified'),
      user.verified ? t('settings.profile.yes') : t('settings.profile.no'),
    ],
    [
      t('settings.profile.twoFactor'),
      user.totpEnabled ? t('settings.profile.on') : t('settings.profile.off'),
    ],
    [
      t('settings.profile.memberSince'),
      fresh?.created ? new Date(String(fresh.created)).toLocaleDateString(intlLocale(locale)) : '—',
    ],
  ]
  const avatar = avatarUrl(user, fileToken)
  return (
    <>
      <PageHeader
        title={t('settings.profile.title')}
        actions={
          <PreloadLink href="/settings/account" className={buttonClass('outline')}>
            {t('settings.profile.edit')}
          </PreloadLink>
        }
      />
      <Card className="max-w-xl">
        <div className="mb-6 flex items-center gap-4">
          {avatar ? (
            <img src={avatar} alt="" className="size-16 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden
              className="grid size-16 place-items-center rounded-full bg-primary text-xl font-semibold text-primary-foreground"
            >
              {initials(user.name, user.email, locale)}
            </span>
          )}
          <div className="min-w-0 [overflow-wrap:anywhere]">
            <p className="text-lg font-semibold">
              <bdi>{user.name || user.email}</bdi>
            </p>
            <p className="text-sm text-muted-foreground">
              <bdi>{user.email}</bdi>
            </p>
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted-foreground">{k}</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">
                <bdi>{v}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      </Card>
    </>
  )
}
