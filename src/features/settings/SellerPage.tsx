import { Card } from '@/components/ui/card'
import { RoleNote } from '@/components/ui/role-note'
import { useAuthSelector } from '@/lib/auth-context'
import type { MessageKey } from '@/lib/i18n'
import { useRole } from '@/lib/roles'
import { selectUser } from '@machines/auth/selectors'
import { BusinessSection, type SellerPart } from './components/BusinessForm'

/** Who may change each page, said in place of the form to everyone else. */
const onlyFor = {
  business: 'team.only.business',
  bank: 'team.only.bank',
  einvoicing: 'team.only.einvoicing',
  mail: 'team.only.mail',
} as const satisfies Record<SellerPart, MessageKey>

/** One settings page of the business's details (the seller record), in its card. */
export function SellerPage({ part }: { part: SellerPart }) {
  const user = useAuthSelector(selectUser)
  const role = useRole()
  if (!user) return null
  return (
    <Card>
      {role.can('manage') ? (
        <BusinessSection userId={user.id} part={part} />
      ) : (
        <RoleNote only={onlyFor[part]} />
      )}
    </Card>
  )
}
