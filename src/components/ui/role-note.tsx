import { useBusiness } from '@/lib/business'
import { useT, type MessageKey } from '@/lib/i18n'

/**
 * In place of a control the person's role may not use: a sentence saying who can ("Only owners
 * and admins can change bank details"), and for an accountant what their role is for.
 */
export function RoleNote({ only }: { only: MessageKey }) {
  const t = useT()
  const { role } = useBusiness()
  return (
    <p role="note" className="rounded-md border border-border bg-muted/40 px-3 py-2 text-sm">
      <bdi>{t(only)}</bdi>
      {role === 'accountant' ? (
        <>
          {' '}
          <bdi>{t('team.accountant')}</bdi>
        </>
      ) : null}
    </p>
  )
}
