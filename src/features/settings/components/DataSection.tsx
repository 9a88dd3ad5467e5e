import { useMutation, useQuery } from '@tanstack/react-query'
import { Alert } from '@/components/ui/card'
import { Button } from '@/components/ui/button'
import { RoleNote } from '@/components/ui/role-note'
import { useRole } from '@/lib/roles'
import { mutationErrorMessage } from '@/lib/errors'
import { getIntlLocale, useLocale, useT } from '@/lib/i18n'
import { backupStatusQuery, downloadExport, downloadLatestBackup } from '../api/data'

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(getIntlLocale(), { dateStyle: 'medium', timeStyle: 'short' })

/**
 * Backups and the owner's own data: when the server was last backed up, the backup's download
 * for the server's operator only (a backup holds every account on the server), and for every
 * owner the export of their own account.
 */
export function DataSection({ userId }: { userId: string }) {
  const t = useT()
  const role = useRole()
  useLocale() // dates follow a language switch
  const status = useQuery(backupStatusQuery(userId))
  const exporting = useMutation({ mutationFn: downloadExport, meta: { silent: true } })
  const backingUp = useMutation({ mutationFn: downloadLatestBackup, meta: { silent: true } })
  const s = status.data

  return (
    <section aria-labelledby="data-heading" className="grid gap-4">
      <h2 id="data-heading" className="text-lg font-semibold">
        <bdi>{t('settings.account.data.title')}</bdi>
      </h2>

      <div className="grid gap-2">
        <h3 className="font-medium">{t('settings.account.data.backupsTitle')}</h3>
        {s ? (
          <>
            <p className="text-sm" role="status">
              {s.last ? (
                <bdi>
                  {t('settings.account.data.lastBackup', { time: formatTime(s.last.time) })}
                </bdi>
              ) : s.unavailable ? (
                t('settings.account.data.unavailable')
              ) : (
                t('settings.account.data.noBackup')
              )}
            </p>
            <p className="text-sm text-muted-foreground">
              <bdi>
                {s.schedule
                  ? t('settings.account.data.automatic', { keep: s.keep })
                  : t('settings.account.data.automaticOff')}
              </bdi>
            </p>
            {s.operator ? (
              <>
                <p className="text-sm text-muted-foreground">
                  <bdi>{t('settings.account.data.operatorHint')}</bdi>
                </p>
                {backingUp.isError ? <Alert>{mutationErrorMessage(backingUp.error)}</Alert> : null}
                {s.last ? (
                  <div>
                    <Button
                      variant="outline"
                      busy={backingUp.isPending}
                      onClick={() => backingUp.mutate()}
                    >
                      {t('settings.account.data.downloadBackup')}
                    </Button>
                  </div>
                ) : null}
              </>
            ) : (
              <p className="text-sm text-muted-foreground">
                <bdi>{t('settings.account.data.notOperator')}</bdi>
              </p>
            )}
          </>
        ) : status.isError ? (
          <div className="grid justify-items-start gap-2">
            <Alert>
              {t('settings.account.data.loadFailed', {
                error: mutationErrorMessage(status.error),
              })}
            </Alert>
            <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
              {t('settings.account.data.tryAgain')}
            </Button>
          </div>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {t('settings.account.data.loading')}
          </p>
        )}
      </div>

      <div className="grid gap-2">
        <h3 className="font-medium">{t('settings.account.data.exportTitle')}</h3>
        <p className="text-sm text-muted-foreground">
          <bdi>{t('settings.account.data.exportHint')}</bdi>
        </p>
        {exporting.isError ? <Alert>{mutationErrorMessage(exporting.error)}</Alert> : null}
        {exporting.isSuccess ? (
          <Alert tone="success">{t('settings.account.data.exportStarted')}</Alert>
        ) : null}
        {role.can('export') ? (
          <div>
            <Button
              variant="outline"
              busy={exporting.isPending}
              onClick={() => {
                exporting.reset()
                exporting.mutate()
              }}
            >
              {t('settings.account.data.export')}
            </Button>
          </div>
        ) : (
          <RoleNote only="team.only.export" />
        )}
      </div>
    </section>
  )
}
