import { useLocation } from 'wouter'
import { PreloadLink } from '@/components/ui/preload-link'
import { cn } from '@/components/ui/cn'

export const settingsSections = [
  {
    href: '/settings/account',
    label: 'Account',
    text: 'Profile, password, email verification and two-factor authentication.',
  },
  { href: '/settings/appearance', label: 'Appearance', text: 'Theme and font.' },
  {
    href: '/settings/display',
    label: 'Display',
    text: 'Text direction and how the app is laid out.',
  },
  { href: '/settings/notifications', label: 'Notifications', text: 'What Folio tells you about.' },
]

export function SettingsNav() {
  const [location] = useLocation()
  return (
    <nav aria-label="Settings">
      <ul className="flex gap-1 overflow-x-auto md:flex-col">
        {settingsSections.map((s) => {
          const active = location === s.href
          return (
            <li key={s.href}>
              <PreloadLink
                href={s.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-3 py-2 text-sm whitespace-nowrap',
                  active ? 'bg-accent font-medium' : 'text-muted-foreground hover:bg-muted',
                )}
              >
                {s.label}
              </PreloadLink>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
