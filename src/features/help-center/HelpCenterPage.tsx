import { useState } from 'react'
import { PageHeader } from '@/components/layout/PageHeader'
import { Card, EmptyState } from '@/components/ui/card'
import { inputClass } from '@/components/ui/field'
import { useT } from '@/lib/i18n'
import { searchArticles } from './articles'

export default function HelpCenterPage() {
  const t = useT()
  const [query, setQuery] = useState('')
  const found = searchArticles(query)
  return (
    <>
      <PageHeader title={t('help.title')} description={t('help.description')} />
      <div role="search" className="mb-6 max-w-md">
        <label htmlFor="help-search" className="sr-only">
          {t('help.search')}
        </label>
        <input
          id="help-search"
          type="search"
          placeholder={t('help.search')}
          className={inputClass}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <p role="status" className="sr-only">
        {t('help.found', { count: found.length })}
      </p>
      {found.length ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {found.map((a) => (
            <Card key={a.id} className="p-5">
              <article aria-labelledby={`help-${a.id}`}>
                <h2 id={`help-${a.id}`} className="font-semibold">
                  <bdi>{t(a.title)}</bdi>
                </h2>
                {a.body.map((p) => (
                  <p
                    key={p}
                    className="mt-2 text-sm text-muted-foreground [overflow-wrap:anywhere]"
                  >
                    <bdi>{t(p)}</bdi>
                  </p>
                ))}
              </article>
            </Card>
          ))}
        </div>
      ) : (
        <EmptyState title={t('help.empty.title')}>{t('help.empty.text')}</EmptyState>
      )}
      <p className="mt-8 text-xs text-muted-foreground">
        <bdi>{t('help.version', { version: __APP_VERSION__ })}</bdi>
      </p>
    </>
  )
}
