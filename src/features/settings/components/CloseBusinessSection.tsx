import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm'
import { Field } from '@/components/ui/field'
import { RoleNote } from '@/components/ui/role-note'
import { currentBusinessName, refreshMemberships, useBusiness } from '@/lib/business'
import { mutationErrorMessage } from '@/lib/errors'
import { useT } from '@/lib/i18n'
import { useRole } from '@/lib/roles'
import { notify } from '@/lib/toast'
import { closeBusiness } from '../api/business'

/**
 * At the bottom of the business's details: closing it (owners only). The owner types the
 * business's name (its id when it has none, as the server asks); nothing is deleted, the records
 * become read-only and stay readable and exportable for the law's retention periods.
 */
export function CloseBusinessSection() {
  const t = useT()
  const here = useBusiness()
  const { current, closed } = here
  const role = useRole()
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [mismatch, setMismatch] = useState(false)
  if (!current || closed) return null
  const name = currentBusinessName(here)
  const shown = name || t('team.switcher.unnamed')
  const confirmWith = name || current
  return (
    <Card className="grid gap-4">
      <div>
        <h2 className="text-lg font-semibold">
          <bdi>{t('team.close.title')}</bdi>
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          <bdi>{t('team.close.intro', { business: shown })}</bdi>
        </p>
      </div>
      {role.can('own') ? (
        <div>
          <Button
            variant="destructive"
            data-testid="close-business"
            onClick={() => {
              setTyped('')
              setMismatch(false)
              setOpen(true)
            }}
          >
            {t('team.close.open')}
          </Button>
        </div>
      ) : (
        <RoleNote only="team.only.close" />
      )}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('team.close.dialogTitle', { business: shown })}
        description={t('team.close.what')}
        confirmLabel={t('team.close.submit')}
        destructive
        onConfirm={async () => {
          if (typed.trim() !== confirmWith) {
            setMismatch(true)
            return false
          }
          try {
            await closeBusiness(current, confirmWith)
          } catch (e) {
            return mutationErrorMessage(e)
          }
          await refreshMemberships()
          notify('success', t('team.close.done', { business: shown }))
        }}
      >
        <Field
          label={t('team.close.confirm', { name: confirmWith })}
          name="confirm-name"
          autoComplete="off"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value)
            setMismatch(false)
          }}
          error={mismatch ? t('team.close.mismatch') : null}
        />
      </ConfirmDialog>
    </Card>
  )
}
