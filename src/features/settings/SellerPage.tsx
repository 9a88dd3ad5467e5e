import { Card } from '@/components/ui/card'
import { useAuthSelector } from '@/lib/auth-context'
import { selectUser } from '@machines/auth/selectors'
import { BusinessSection, type SellerPart } from './components/BusinessForm'

/** One settings page of the business's details (the seller record), in its card. */
export function SellerPage({ part }: { part: SellerPart }) {
  const user = useAuthSelector(selectUser)
  if (!user) return null
  return (
    <Card>
      <BusinessSection userId={user.id} part={part} />
    </Card>
  )
}
