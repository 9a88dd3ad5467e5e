import type { ReactNode } from 'react'
import { useBusiness } from '@/lib/business'
import { can } from '@/lib/roles'
import { useT, type MessageKey } from '@/lib/i18n'

/**
 * In place of a control the person's role may not use: a sentence saying who can ("Only owners
 * and admins can change bank details"), and for an accountant what their role is for; in a
 * closed business, that it is closed.
 */
export function RoleNote({ only }: { only: MessageKey }) {
  const t = useT()
  const { role, closed } = useBusiness()
  return (
    <p role="note" className="rounded-md border border-border bg-muted/40 px-3 py-2 text-sm">
      {/* A closed business refuses every change, whatever the role: that is the reason to say. */}
      <bdi>{closed ? t('team.closed.banner') : t(only)}</bdi>
      {role === 'accountant' && !closed ? (
        <>
          {' '}
          <bdi>{t('team.accountant')}</bdi>
        </>
      ) : null}
    </p>
  )
}

/** A control that changes records: shown only to a role that may (the page says who can). */
export function WriteOnly({ children }: { children: ReactNode }) {
  const { role, closed } = useBusiness()
  return can(role, 'write', closed) ? children : null
}
