import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { TriangleAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { useT } from '@/lib/i18n'
import { RegenerateBackupCodesDialog } from './RegenerateBackupCodesDialog'
import { twoFactorStatusQuery } from './two-factor-data'

/** At or below this many unused backup codes, the section warns. */
export const LOW_BACKUP_CODES = 2

/** How many backup codes are left (a warning at 2 or fewer) and the way to make new ones. */
export function BackupCodesLeft({ userId }: { userId: string }) {
  const t = useT()
  const status = useQuery(twoFactorStatusQuery(userId, true))
  const [open, setOpen] = useState(false)
  const left = status.data?.enabled ? status.data.backupCodesLeft : null
  return (
    <div className="grid gap-2">
      {left === null ? null : left <= LOW_BACKUP_CODES ? (
        <div
          role="status"
          className="flex items-start gap-2 rounded-md border border-amber-600/60 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            <strong className="font-semibold">
              {t('security.backupCodes.left', { count: left })}
            </strong>{' '}
            {t('security.backupCodes.low')}
          </span>
        </div>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          {t('security.backupCodes.left', { count: left })}
        </p>
      )}
      <div>
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          {t('security.regenerate.open')}
        </Button>
      </div>
      <RegenerateBackupCodesDialog userId={userId} open={open} onOpenChange={setOpen} />
    </div>
  )
}
