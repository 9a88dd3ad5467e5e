import { Button } from '@/components/ui/button'
import { notify } from '@/lib/toast'
import { t as translate, useT } from '@/lib/i18n'

function downloadCodes(codes: string[]) {
  const heading = translate('settings.account.twoFactor.fileHeading')
  const note = translate('settings.account.twoFactor.fileNote')
  const blob = new Blob([`${heading}\n${note}\n\n${codes.join('\n')}\n`], {
    type: 'text/plain',
  })
  const a = document.createElement('a')
  a.href = URL.createObjectURL(blob)
  a.download = 'folio-backup-codes.txt'
  a.click()
  URL.revokeObjectURL(a.href)
}

/** Backup codes shown once, with copy and download. */
export function BackupCodesList({ codes, labelId }: { codes: string[]; labelId: string }) {
  const t = useT()
  return (
    <>
      <ul aria-labelledby={labelId} className="grid grid-cols-2 gap-1 font-mono">
        {codes.map((c) => (
          <li key={c} dir="ltr" className="rounded bg-muted px-2 py-1 text-start">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            navigator.clipboard
              .writeText(codes.join('\n'))
              .then(() => notify('success', t('settings.account.twoFactor.copied')))
              .catch(() => notify('error', t('settings.account.twoFactor.copyFailed')))
          }
        >
          {t('settings.account.twoFactor.copy')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => downloadCodes(codes)}>
          {t('settings.account.twoFactor.download')}
        </Button>
      </div>
    </>
  )
}
