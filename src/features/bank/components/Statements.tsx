import { formatDate } from '@/billing/format'
import { useT } from '@/lib/i18n'
import type { BankStatement } from '../data'

/** The statements imported last: file, account, period and what each brought. */
export function Statements({
  statements,
  loading,
}: {
  statements: BankStatement[] | undefined
  loading: boolean
}) {
  const t = useT()
  if (loading || !statements?.length) return null
  return (
    <section aria-labelledby="bank-statements">
      <h2 id="bank-statements" className="mb-2 text-lg font-semibold">
        {t('bank.statements.title')}
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
        {statements.map((s) => (
          <li key={s.id} className="min-w-0 rounded-lg border border-border p-3 text-sm">
            <p className="font-medium break-words [overflow-wrap:anywhere]">
              <bdi>{s.file_name || t(`bank.format.${s.format}`)}</bdi>
            </p>
            <p className="break-words text-muted-foreground [overflow-wrap:anywhere]">
              <bdi>{t(`bank.format.${s.format}`)}</bdi>
              {s.account ? (
                <>
                  {' · '}
                  <bdi>{s.account}</bdi>
                </>
              ) : null}
            </p>
            <p className="text-muted-foreground">
              <bdi>
                {s.from_date
                  ? t('bank.statements.period', {
                      from: formatDate(s.from_date),
                      to: formatDate(s.to_date || s.from_date),
                    })
                  : t('bank.statements.imported', { date: formatDate(s.created) })}
              </bdi>
            </p>
            <p>
              <bdi>{t('bank.statements.counts', { added: s.added, entries: s.entries })}</bdi>
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
