import { useLocation } from 'wouter'
import { NavLink } from '@/components/layout/NavLink'
import { useT, type MessageKey } from '@/lib/i18n'

export const settingsSections = [
  {
    href: '/settings/account',
    label: 'settings.nav.account',
    text: 'settings.nav.accountText',
  },
  {
    href: '/settings/business',
    label: 'settings.nav.business',
    text: 'settings.nav.businessText',
  },
  {
    href: '/settings/bank',
    label: 'settings.nav.bank',
    text: 'settings.nav.bankText',
  },
  {
    href: '/settings/card-payments',
    label: 'settings.nav.card',
    text: 'settings.nav.cardText',
  },
  {
    href: '/settings/e-invoicing',
    label: 'settings.nav.einvoicing',
    text: 'settings.nav.einvoicingText',
  },
  {
    href: '/settings/mail',
    label: 'settings.nav.mail',
    text: 'settings.nav.mailText',
  },
  {
    href: '/settings/members',
    label: 'team.nav.members',
    text: 'team.nav.membersText',
  },
  {
    href: '/settings/security',
    label: 'settings.nav.security',
    text: 'settings.nav.securityText',
  },
  {
    href: '/settings/data',
    label: 'settings.nav.data',
    text: 'settings.nav.dataText',
  },
  {
    href: '/settings/import',
    label: 'settings.nav.import',
    text: 'settings.nav.importText',
  },
  {
    href: '/settings/appearance',
    label: 'settings.nav.appearance',
    text: 'settings.nav.appearanceText',
  },
  {
    href: '/settings/display',
    label: 'settings.nav.display',
    text: 'settings.nav.displayText',
  },
  {
    href: '/settings/notifications',
    label: 'settings.nav.notifications',
    text: 'settings.nav.notificationsText',
  },
  {
    href: '/settings/reminders',
    label: 'dunning.settings.nav',
    text: 'dunning.settings.navText',
  },
] as const satisfies ReadonlyArray<{ href: string; label: MessageKey; text: MessageKey }>

export function SettingsNav() {
  const [location] = useLocation()
  const t = useT()
  return (
    <nav aria-label={t('settings.nav.label')}>
      <ul className="flex flex-wrap gap-1 md:flex-col">
        {settingsSections.map((s) => {
          const active = location === s.href
          return (
            <li key={s.href}>
              <NavLink href={s.href} active={active} className="whitespace-nowrap">
                {t(s.label)}
              </NavLink>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
