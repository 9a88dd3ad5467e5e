import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import { useLocale, useT, type MessageKey } from '@/lib/i18n'
import type { Theme } from '@/lib/preferences'
import { setPreference, usePreferences } from '@/lib/use-preferences'
import { initials } from './initials'
import { NavLink } from './NavLink'
import { Button } from '../ui/button'
import { cn } from '../ui/cn'

export interface NavItem {
  href: string
  /** Read at each render, so it can follow the interface's language. */
  label: string
}

export interface ShellUser {
  name: string
  email: string
}

/** The signed-in layout: sidebar navigation, a header and the user menu. */
export function AppShell({
  nav,
  user,
  onSignOut,
  banner,
  headerExtra,
  search,
  children,
}: {
  nav: NavItem[]
  user: ShellUser
  onSignOut: () => void
  banner?: ReactNode
  /** Shown in the header before the user menu (e.g. reminders). */
  headerExtra?: ReactNode
  /** Shown at the header's start (the command palette's button). */
  search?: ReactNode
  children: ReactNode
}) {
  const t = useT()
  const [location] = useLocation()
  // The mobile menu belongs to the page it was opened on: navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const navOpen = openOn === location
  return (
    <div className="min-h-svh md:grid md:grid-cols-[15rem_1fr] print:block">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2"
      >
        {t('shell.skipToContent')}
      </a>
      <aside
        className={cn(
          'border-e border-border bg-muted/40 md:block print:hidden',
          navOpen ? 'block' : 'hidden',
        )}
      >
        <div className="flex h-14 items-center gap-2 px-4 font-semibold">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          Folio
        </div>
        <nav aria-label={t('shell.mainNav')} id="main-nav">
          <ul className="grid gap-1 p-2">
            {nav.map((item) => {
              const active = location === item.href || location.startsWith(`${item.href}/`)
              return (
                <li key={item.href}>
                  <NavLink href={item.href} active={active}>
                    {item.label}
                  </NavLink>
                </li>
              )
            })}
          </ul>
        </nav>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="flex h-14 items-center justify-between gap-2 border-b border-border px-4 print:hidden">
          <Button
            variant="ghost"
            size="sm"
            className="md:hidden"
            aria-expanded={navOpen}
            aria-controls="main-nav"
            onClick={() => setOpenOn(navOpen ? null : location)}
          >
            {t('shell.menu')}
          </Button>
          {search}
          <div className="flex-1" />
          {headerExtra}
          <UserMenu user={user} onSignOut={onSignOut} />
        </header>
        <div className="print:hidden">{banner}</div>
        <main id="main" className="flex-1 p-4 md:p-8 print:p-0">
          {children}
        </main>
      </div>
    </div>
  )
}

const userLinks: [string, MessageKey][] = [
  ['/profile', 'shell.profile'],
  ['/settings/account', 'shell.accountSettings'],
  ['/help-center', 'shell.nav.helpCenter'],
]

function UserMenu({ user, onSignOut }: { user: ShellUser; onSignOut: () => void }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (
        e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)
      )
        setOpen(false)
    }
    document.addEventListener('mousedown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('mousedown', close)
      document.removeEventListener('keydown', close)
    }
  }, [open])
  const locale = useLocale()
  const letters = initials(user.name, user.email, locale)
  return (
    <div ref={ref} className="relative">
      <Button
        variant="ghost"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="user-menu"
        onClick={() => setOpen((o) => !o)}
      >
        {/* The name is this text, not an aria-label over the letters shown: a label that leaves
            out what is on screen trips up people who speak to their browser. */}
        <span className="sr-only">{t('shell.accountMenu', { name: user.name || user.email })}</span>
        <span
          aria-hidden
          className="grid size-8 place-items-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
        >
          {letters}
        </span>
        <bdi aria-hidden className="hidden sm:inline">
          {user.name || user.email}
        </bdi>
      </Button>
      {open ? (
        <div
          id="user-menu"
          className="absolute end-0 z-40 mt-2 w-56 rounded-md border border-border bg-card p-1 shadow-lg"
        >
          <div className="px-3 py-2 text-sm">
            <div className="font-medium break-words">
              <bdi>{user.name}</bdi>
            </div>
            <div className="text-muted-foreground [overflow-wrap:anywhere]">
              <bdi>{user.email}</bdi>
            </div>
          </div>
          <ThemeSwitch />
          <ul className="grid border-t border-border pt-1">
            {userLinks.map(([href, label]) => (
              <li key={href}>
                <Link
                  href={href}
                  className="block rounded px-3 py-2 text-sm hover:bg-muted"
                  onClick={() => setOpen(false)}
                >
                  {t(label)}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="w-full rounded px-3 py-2 text-start text-sm hover:bg-muted"
                onClick={() => {
                  setOpen(false)
                  onSignOut()
                }}
              >
                {t('shell.signOut')}
              </button>
            </li>
          </ul>
        </div>
      ) : null}
    </div>
  )
}

const themeLabels: Record<Theme, MessageKey> = {
  light: 'settings.appearance.themes.light',
  dark: 'settings.appearance.themes.dark',
  system: 'settings.appearance.themes.system',
}
const themeOrder: readonly Theme[] = ['light', 'dark', 'system']

/** Light, dark or the system's: the same preference as /settings/appearance. */
function ThemeSwitch() {
  const t = useT()
  const { theme } = usePreferences()
  return (
    <div
      role="group"
      aria-labelledby="user-menu-theme"
      className="grid gap-1 border-t border-border px-3 py-2"
    >
      <span id="user-menu-theme" className="text-xs text-muted-foreground">
        {t('settings.appearance.theme')}
      </span>
      <div className="grid grid-cols-3 gap-1">
        {themeOrder.map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={theme === v}
            onClick={() => setPreference('theme', v)}
            className={cn(
              'rounded border border-border px-1 py-1 text-xs break-words',
              theme === v ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
            )}
          >
            {t(themeLabels[v])}
          </button>
        ))}
      </div>
    </div>
  )
}
