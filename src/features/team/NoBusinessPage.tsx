import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { useAuthActor } from '@/lib/auth-context'
import { useT } from '@/lib/i18n'
import { CreateBusinessForm } from './components/CreateBusinessForm'

/** A signed-in person who belongs to no business: create one, or wait for an invitation. */
export default function NoBusinessPage() {
  const t = useT()
  const auth = useAuthActor()
  return (
    <main
      id="main"
      data-testid="no-business"
      className="mx-auto grid w-full max-w-lg gap-6 p-4 md:p-8"
    >
      <div>
        <h1 className="text-2xl font-bold tracking-tight">
          <bdi>{t('team.none.title')}</bdi>
        </h1>
        <p className="mt-1 text-muted-foreground">
          <bdi>{t('team.none.intro')}</bdi>
        </p>
      </div>
      <Card className="grid gap-4">
        <h2 className="text-lg font-semibold">
          <bdi>{t('team.create.title')}</bdi>
        </h2>
        <CreateBusinessForm />
      </Card>
      <div>
        <Button variant="outline" onClick={() => auth.send({ type: 'user.signOut' })}>
          {t('team.join.signOut')}
        </Button>
      </div>
    </main>
  )
}
