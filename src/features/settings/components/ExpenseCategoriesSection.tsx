import { useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Plus, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Alert } from '@/components/ui/card'
import { RoleNote } from '@/components/ui/role-note'
import { sellerQuery } from '@/billing/queries'
import { save } from '@/billing/save'
import { writes } from '@/billing/writes'
import {
  CATEGORIES_MAX,
  checkCategories,
  expenseCategoriesQuery,
} from '@/billing/expense-categories'
import { useBusiness } from '@/lib/business'
import { useT } from '@/lib/i18n'
import { useRole } from '@/lib/roles'
import { notify } from '@/lib/toast'

/**
 * The business's expense categories (`businesses.expense_categories`), offered by the expense
 * form: owners and admins change the list; a business without one has the default list.
 */
export function ExpenseCategoriesSection() {
  const t = useT()
  const { current } = useBusiness()
  const role = useRole()
  const settings = useQuery({ ...sellerQuery(current ?? ''), enabled: !!current })
  const categories = useQuery({ ...expenseCategoriesQuery(current ?? ''), enabled: !!current })
  const id = useId()
  if (!current || !settings.data || !categories.data) return null
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4">
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          <bdi>{t('expenses.settings.title')}</bdi>
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          <bdi>{t('expenses.settings.description')}</bdi>
        </p>
      </div>
      {role.can('manage') ? (
        <CategoriesEditor
          key={settings.data.updated}
          business={current}
          initial={categories.data.categories}
        />
      ) : (
        <>
          <p className="text-sm">
            <bdi>{categories.data.categories.join(', ')}</bdi>
          </p>
          <RoleNote only="expenses.settings.only" />
        </>
      )}
    </section>
  )
}

function CategoriesEditor({ business, initial }: { business: string; initial: string[] }) {
  const t = useT()
  const [names, setNames] = useState(initial)
  const [submitted, setSubmitted] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const checked = checkCategories(names)
  const problems = submitted ? checked.problems : null
  const submit = async () => {
    setSubmitted(true)
    setError(null)
    if (checked.problems) return
    setBusy(true)
    const r = await save(writes.settingsUpdate, {
      business,
      body: { expense_categories: checked.names },
      label: t('expenses.settings.saveLabel'),
    })
    setBusy(false)
    if (!r.ok) setError(r.message)
    else if (!r.queued) notify('success', t('expenses.settings.saved'))
  }
  return (
    <form
      noValidate
      className="grid max-w-xl gap-3"
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <ul className="grid gap-2">
        {names.map((name, i) => (
          <li key={i} className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2">
            <Field
              label={t('expenses.settings.label', { n: i + 1 })}
              dir="auto"
              value={name}
              onChange={(e) => setNames((all) => all.map((x, j) => (j === i ? e.target.value : x)))}
              error={
                problems?.names[i] === 'tooLong'
                  ? t('expenses.settings.tooLong')
                  : problems?.names[i] === 'twice'
                    ? t('expenses.settings.twice')
                    : undefined
              }
            />
            <Button
              variant="ghost"
              size="sm"
              className="mt-7"
              aria-label={t('expenses.settings.remove', { name: name || String(i + 1) })}
              onClick={() => setNames((all) => all.filter((_, j) => j !== i))}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      {problems?.list === 'tooMany' ? <Alert>{t('expenses.settings.tooMany')}</Alert> : null}
      {error ? <Alert>{error}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          disabled={names.length >= CATEGORIES_MAX}
          onClick={() => setNames((all) => [...all, ''])}
        >
          <Plus className="size-4" aria-hidden />
          {t('expenses.settings.add')}
        </Button>
        <Button type="submit" busy={busy}>
          {t('expenses.settings.save')}
        </Button>
      </div>
    </form>
  )
}
