import { PageHeader } from '@/components/layout/PageHeader'
import { Card } from '@/components/ui/card'
import { useT } from '@/lib/i18n'
import { CreateBusinessForm } from './components/CreateBusinessForm'

/** /businesses/new: another business, from the switcher. */
export default function CreateBusinessPage() {
  const t = useT()
  return (
    <div className="mx-auto grid w-full max-w-lg">
      <PageHeader title={t('team.create.title')} />
      <Card>
        <CreateBusinessForm />
      </Card>
    </div>
  )
}
