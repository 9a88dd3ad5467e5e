import { Card } from '@/components/ui/card'
import { useAuthSelector } from '@/lib/auth-context'
import { selectUser } from '@machines/auth/selectors'
import { DataSection } from './components/DataSection'

/** The export of the account's data and the server's backups. */
export default function DataPage() {
  const user = useAuthSelector(selectUser)
  if (!user) return null
  return (
    <Card>
      <DataSection userId={user.id} />
    </Card>
  )
}
