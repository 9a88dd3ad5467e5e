import { useState } from 'react'
import { PageHeader } from '@/components/layout/PageHeader'
import { Card, EmptyState } from '@/components/ui/card'
import { inputClass } from '@/components/ui/field'
import { searchArticles } from './articles'

export default function HelpCenterPage() {
  const [query, setQuery] = useState('')
  const found = searchArticles(query)
  return (
    <>
      <PageHeader title="Help center" description="How to get the most out of Folio." />
      <div role="search" className="mb-6 max-w-md">
        <label htmlFor="help-search" className="sr-only">
          Search help articles
        </label>
        <input
          id="help-search"
          type="search"
          placeholder="Search help articles"
          className={inputClass}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <p role="status" className="sr-only">
        {found.length} articles found
      </p>
      {found.length ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {found.map((a) => (
            <Card key={a.id} className="p-5">
              <article aria-labelledby={`help-${a.id}`}>
                <h2 id={`help-${a.id}`} className="font-semibold">
                  {a.title}
                </h2>
                {a.body.map((p) => (
                  <p key={p} className="mt-2 text-sm text-muted-foreground">
                    {p}
                  </p>
                ))}
              </article>
            </Card>
          ))}
        </div>
      ) : (
        <EmptyState title="No articles match">
          Try other words, like “invoice” or “offline”.
        </EmptyState>
      )}
      <p className="mt-8 text-xs text-muted-foreground">Folio version {__APP_VERSION__}</p>
    </>
  )
}
