import { PageHeader } from '@/components/layout/PageHeader'
import { Card } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { buttonClass } from '@/components/ui/button'
import { useAuthSelector } from '@/lib/auth-context'
import { avatarUrl } from '@/lib/pocketbase/files'
import { selectUser } from '@machines/auth/selectors'
import { useQuery } from '@tanstack/react-query'
import { userQuery } from './api/user'

export default function ProfilePage() {
  const sessionUser = useAuthSelector(selectUser)
  // The server's copy of the record (works offline from the saved cache), over the session's.
  const record = useQuery({ ...userQuery(sessionUser?.id ?? ''), enabled: Boolean(sessionUser) })
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
    ['Name', user.name || '—'],
    ['Email', user.email],
    ['Company', user.company || '—'],
    ['Email verified', user.verified ? 'Yes' : 'No'],
    ['Two-factor authentication', user.totpEnabled ? 'On' : 'Off'],
    ['Member since', fresh?.created ? new Date(String(fresh.created)).toLocaleDateString() : '—'],
  ]
  const avatar = avatarUrl(user)
  return (
    <>
      <PageHeader
        title="Profile"
        actions={
          <PreloadLink href="/settings/account" className={buttonClass('outline')}>
            Edit profile
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
              {(user.name || user.email).slice(0, 2).toUpperCase()}
            </span>
          )}
          <div>
            <p className="text-lg font-semibold">{user.name || user.email}</p>
            <p className="text-sm text-muted-foreground">{user.email}</p>
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
          {rows.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted-foreground">{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </>
  )
}
