import { useState, type ChangeEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, Card } from '@/components/ui/card'
import { Button, buttonClass } from '@/components/ui/button'
import { FileInput } from '@/components/ui/file-input'
import { Field } from '@/components/ui/field'
import { SelectField } from '@/components/ui/inputs'
import { PreloadLink } from '@/components/ui/preload-link'
import { RoleNote } from '@/components/ui/role-note'
import { downloadText } from '@/billing/csv'
import { paths } from '@/config/paths'
import { useBusinessId } from '@/lib/business'
import { mutationErrorMessage } from '@/lib/errors'
import { useT } from '@/lib/i18n'
import { useRole } from '@/lib/roles'
import {
  previewImport,
  refusedProblems,
  runImport,
  undoImport,
  type DuplicateChoice,
  type Fixes,
  type Kind,
  type Mapping,
  type Mode,
  type Preview,
  type Progress,
  type RowProblem,
  type RunResult,
} from './data'
import { fieldLabel, problemRows, problemText, reportCsv } from './problems'

const ACCEPT =
  '.csv,.txt,.tsv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The columns the first rows show, by what is imported. */
const SHOWN: Record<Kind, readonly string[]> = {
  customers: ['name', 'email', 'city', 'country'],
  vendors: ['name', 'vat_id', 'iban', 'country'],
  items: ['name', 'sku', 'unit', 'tax_rate'],
  invoices: ['number', 'customer', 'issue_date', 'due_date'],
  expenses: ['date', 'vendor_name', 'number', 'description'],
}

/** Where the result links, and what the link says. */
const RESULT = {
  customers: { href: paths.customers, label: 'imports.result.customers' },
  vendors: { href: paths.vendors, label: 'imports.result.vendors' },
  items: { href: paths.items, label: 'imports.result.items' },
  invoices: { href: paths.invoices, label: 'imports.result.invoices' },
  expenses: { href: paths.expenses, label: 'imports.result.expenses' },
} as const

/**
 * /settings/import: choose a file → the guessed columns (editable) → every row checked, the first
 * rows, each problem in a sentence, the rows already customers and what to do with them → run,
 * all or nothing or row by row → the result, its report and Undo. Owners and admins only.
 */
export default function ImportPage() {
  const t = useT()
  const business = useBusinessId()
  const role = useRole()
  const queryClient = useQueryClient()
  const [kind, setKind] = useState<Kind>('customers')
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<Preview | null>(null)
  const [mapping, setMapping] = useState<Mapping>({})
  const [skip, setSkip] = useState<Set<number>>(new Set())
  const [fixes, setFixes] = useState<Fixes>({})
  const [duplicates, setDuplicates] = useState<DuplicateChoice>('skip')
  const [mode, setMode] = useState<Mode>('all')
  const [refused, setRefused] = useState<RowProblem[] | null>(null)
  const [result, setResult] = useState<RunResult | null>(null)
  const [undone, setUndone] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [progress, setProgress] = useState<Progress | null>(null)

  const check = useMutation({
    mutationFn: (v: { file: File; mapping?: Mapping; fixes?: Fixes }) =>
      previewImport(business, v.file, {
        kind,
        mapping: v.mapping,
        duplicates,
        fixes: v.fixes,
        onProgress: setProgress,
      }),
    onMutate: () => setProgress(null),
    onSuccess: (p) => {
      setPreview(p)
      setMapping(p.mapping)
      setRefused(null)
      setError(null)
    },
    // The page says what went wrong itself (no toast as well).
    meta: { silent: true },
    onError: (e) => setError(mutationErrorMessage(e)),
  })
  const run = useMutation({
    mutationFn: (f: File) =>
      runImport(business, f, {
        kind,
        mapping,
        mode,
        duplicates,
        skip: [...skip],
        fixes,
        onProgress: setProgress,
      }),
    onMutate: () => setProgress(null),
    onSuccess: (r) => {
      setResult(r)
      setError(null)
      void queryClient.invalidateQueries({ queryKey: ['records', kind] })
    },
    // The page says what went wrong itself (no toast as well).
    meta: { silent: true },
    onError: (e) => {
      setRefused(refusedProblems(e))
      setError(mutationErrorMessage(e))
    },
  })
  const undo = useMutation({
    mutationFn: (id: string) => undoImport(id),
    onSuccess: () => {
      setUndone(true)
      void queryClient.invalidateQueries({ queryKey: ['records', kind] })
    },
    // The page says what went wrong itself (no toast as well).
    meta: { silent: true },
    onError: (e) => setError(mutationErrorMessage(e)),
  })

  if (!role.can('manage')) {
    return (
      <Card>
        <RoleNote only="imports.onlyManagers" />
      </Card>
    )
  }

  const reset = () => {
    setFile(null)
    setPreview(null)
    setSkip(new Set())
    setFixes({})
    setRefused(null)
    setResult(null)
    setUndone(false)
    setError(null)
  }
  const chosen = (e: ChangeEvent<HTMLInputElement>) => {
    const f = e.target.files?.[0]
    e.target.value = ''
    if (!f) return
    reset()
    setFile(f)
    check.mutate({ file: f })
  }
  const fix = (row: number, field: string, value: string) =>
    setFixes((all) => {
      const cells: Record<string, string> = { ...all[row] }
      if (value === '') delete cells[field]
      else cells[field] = value
      const next = { ...all, [row]: cells }
      if (Object.keys(cells).length === 0) delete next[row]
      return next
    })
  const toggleSkip = (row: number, on: boolean) =>
    setSkip((s) => {
      const next = new Set(s)
      if (on) next.add(row)
      else next.delete(row)
      return next
    })

  if (result) {
    const report = [...result.problems]
    return (
      <Card className="grid gap-4">
        <h2 className="text-lg font-semibold">{t('imports.result.title')}</h2>
        <p role="status">
          {undone
            ? t('imports.result.undone')
            : t('imports.result.counts', {
                created: result.created,
                updated: result.updated,
                skipped: result.skipped,
                failed: result.failed,
              })}
        </p>
        {error ? <Alert>{error}</Alert> : null}
        {report.length > 0 ? <ProblemList problems={report} /> : null}
        <div className="flex flex-wrap gap-2">
          <PreloadLink href={RESULT[kind].href} className={buttonClass('primary', 'md')}>
            {t(RESULT[kind].label)}
          </PreloadLink>
          <Button
            variant="outline"
            onClick={() => downloadText(t('imports.report.file'), reportCsv(report, t))}
          >
            {t('imports.result.report')}
          </Button>
          {undone ? null : (
            <Button variant="outline" busy={undo.isPending} onClick={() => undo.mutate(result.id)}>
              {undo.isPending ? t('imports.result.undoing') : t('imports.result.undo')}
            </Button>
          )}
          <Button variant="ghost" onClick={reset}>
            {t('imports.again')}
          </Button>
        </div>
        {undone ? null : (
          <p className="text-sm text-muted-foreground">{t('imports.result.undoHint')}</p>
        )}
      </Card>
    )
  }

  const problems = refused ?? preview?.problems ?? []
  return (
    <Card className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold">{t('imports.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('imports.description')}</p>
      </div>
      <SelectField
        label={t('imports.kind.label')}
        value={kind}
        onChange={(e) => {
          reset()
          setKind(e.target.value as Kind)
        }}
      >
        <option value="customers">{t('imports.kind.customers')}</option>
        <option value="vendors">{t('imports.kind.vendors')}</option>
        <option value="items">{t('imports.kind.items')}</option>
        <option value="invoices">{t('imports.kind.invoices')}</option>
        <option value="expenses">{t('imports.kind.expenses')}</option>
      </SelectField>
      <FileInput
        label={t('imports.file.label')}
        accept={ACCEPT}
        hint={check.isPending ? t('imports.file.reading') : t('imports.file.hint')}
        fileName={file?.name}
        onChange={chosen}
      />
      {check.isPending ? <ImportProgress progress={progress} rows="checking" /> : null}
      {error ? <Alert>{error}</Alert> : null}
      {preview && file ? (
        <>
          <section className="grid gap-3" aria-labelledby="import-columns">
            <h3 id="import-columns" className="font-semibold">
              {t('imports.mapping.title')}
            </h3>
            <p className="text-sm text-muted-foreground">{t('imports.mapping.hint')}</p>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {preview.fields.map((f) => (
                <SelectField
                  key={f}
                  label={fieldLabel(f, t)}
                  value={mapping[f] ?? ''}
                  onChange={(e) => {
                    const v = e.target.value
                    setMapping((m) => {
                      const next = { ...m }
                      if (v === '') delete next[f]
                      else next[f] = Number(v)
                      return next
                    })
                  }}
                >
                  <option value="">{t('imports.mapping.none')}</option>
                  {preview.header.map((h, i) => (
                    <option key={i} value={i}>
                      {h}
                    </option>
                  ))}
                </SelectField>
              ))}
            </div>
            <div>
              <Button
                variant="outline"
                busy={check.isPending}
                onClick={() => check.mutate({ file, mapping, fixes })}
              >
                {t('imports.mapping.check')}
              </Button>
            </div>
          </section>

          <p role="status">
            {t('imports.summary', {
              total: preview.total,
              ready: preview.created,
              duplicates: preview.duplicate_count,
              failed: preview.failed,
            })}
          </p>

          <section className="grid gap-2" aria-labelledby="import-rows">
            <h3 id="import-rows" className="font-semibold">
              {t('imports.preview.title')}
            </h3>
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-start">
                    <th scope="col" className="p-2 text-start">
                      {t('imports.preview.row')}
                    </th>
                    {SHOWN[kind].map((f) => (
                      <th key={f} scope="col" className="p-2 text-start">
                        {fieldLabel(f, t)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((r) => (
                    <tr key={r.row} className="border-t border-border">
                      <td className="p-2">{r.row}</td>
                      {SHOWN[kind].map((f) => (
                        <td key={f} className="p-2 [overflow-wrap:anywhere]">
                          <bdi>{r.values[f] ?? ''}</bdi>
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section className="grid gap-2" aria-labelledby="import-problems">
            <h3 id="import-problems" className="font-semibold">
              {t('imports.problems.title')}
            </h3>
            {problems.length === 0 ? (
              <p className="text-sm">{t('imports.problems.none')}</p>
            ) : (
              <>
                <ProblemList problems={problems} />
                <FixFields
                  problems={problems}
                  mapping={mapping}
                  fixes={fixes}
                  onFix={fix}
                  checking={check.isPending}
                  onCheck={() => check.mutate({ file, mapping, fixes })}
                />
                <div className="flex flex-wrap gap-x-4 gap-y-2">
                  {problemRows(problems).map((row) => (
                    <label key={row} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={skip.has(row)}
                        onChange={(e) => toggleSkip(row, e.target.checked)}
                      />
                      {t('imports.problems.skip', { row })}
                    </label>
                  ))}
                </div>
              </>
            )}
          </section>

          {preview.duplicates.length > 0 ? (
            <section className="grid gap-2" aria-labelledby="import-duplicates">
              <h3 id="import-duplicates" className="font-semibold">
                {t('imports.duplicates.title')}
              </h3>
              <ul className="grid gap-1 text-sm">
                {preview.duplicates.slice(0, 20).map((d) => (
                  <li key={d.row}>
                    <bdi>{t('imports.duplicates.row', { row: d.row, name: d.name, by: d.by })}</bdi>
                  </li>
                ))}
              </ul>
              <SelectField
                label={t('imports.duplicates.choice')}
                value={duplicates}
                onChange={(e) => setDuplicates(e.target.value as DuplicateChoice)}
              >
                <option value="skip">{t('imports.duplicates.skip')}</option>
                <option value="update">{t('imports.duplicates.update')}</option>
                <option value="new">{t('imports.duplicates.new')}</option>
              </SelectField>
            </section>
          ) : null}

          <SelectField
            label={t('imports.mode.label')}
            value={mode}
            onChange={(e) => setMode(e.target.value as Mode)}
          >
            <option value="all">{t('imports.mode.all')}</option>
            <option value="rows">{t('imports.mode.rows')}</option>
          </SelectField>
          <div>
            <Button busy={run.isPending} onClick={() => run.mutate(file)}>
              {run.isPending ? t('imports.running') : t('imports.run')}
            </Button>
          </div>
          {run.isPending ? <ImportProgress progress={progress} rows="importing" /> : null}
        </>
      ) : null}
    </Card>
  )
}

/**
 * How far the preview or the run has got: the file being sent, then "4,200 of 20,000 rows";
 * without news yet, a bar that only says it is busy.
 */
export function ImportProgress({
  progress,
  rows,
}: {
  progress: Progress | null
  rows: 'checking' | 'importing'
}) {
  const t = useT()
  let label = t('imports.file.reading')
  let value: number | undefined
  let max = 1
  if (progress?.phase === 'upload' && progress.total > 0 && progress.loaded < progress.total) {
    label = t('imports.progress.upload', {
      percent: Math.floor((progress.loaded / progress.total) * 100),
    })
    value = progress.loaded
    max = progress.total
  } else if (progress?.phase === 'rows') {
    label = t(`imports.progress.${rows}`, { done: progress.done, total: progress.total })
    value = progress.done
    max = progress.total
  }
  return (
    <div className="grid gap-1" data-testid="import-progress">
      <span id="import-progress-label" className="text-sm">
        {label}
      </span>
      <progress
        aria-labelledby="import-progress-label"
        className="h-2 w-full accent-primary"
        max={max}
        value={value}
      />
    </div>
  )
}

/** How many cells of rows with problems can be corrected in the preview at once. */
const FIX_MAX = 50

/**
 * A field for each cell with a problem whose column is imported (the first FIX_MAX): the value
 * typed replaces the file's cell, then "Check the corrections" checks the rows again.
 */
function FixFields({
  problems,
  mapping,
  fixes,
  onFix,
  checking,
  onCheck,
}: {
  problems: readonly RowProblem[]
  mapping: Mapping
  fixes: Fixes
  onFix: (row: number, field: string, value: string) => void
  checking: boolean
  onCheck: () => void
}) {
  const t = useT()
  const cells = new Map<string, { row: number; field: string }>()
  for (const p of problems) {
    if (p.field && p.field in mapping && cells.size < FIX_MAX) {
      cells.set(`${p.row}:${p.field}`, { row: p.row, field: p.field })
    }
  }
  if (cells.size === 0) return null
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{t('imports.problems.fixHint')}</p>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {[...cells.entries()].map(([key, { row, field }]) => (
          <Field
            key={key}
            label={t('imports.problems.fix', { row, field: fieldLabel(field, t) })}
            value={fixes[row]?.[field] ?? ''}
            onChange={(e) => onFix(row, field, e.target.value)}
          />
        ))}
      </div>
      <div>
        <Button variant="outline" busy={checking} onClick={onCheck}>
          {t('imports.problems.check')}
        </Button>
      </div>
    </div>
  )
}

/** Each row's problems, one sentence each. */
function ProblemList({ problems }: { problems: readonly RowProblem[] }) {
  const t = useT()
  return (
    <ul className="grid gap-1 text-sm text-destructive" data-testid="import-problems">
      {problems.map((p, i) => (
        <li key={`${p.row}-${p.field ?? ''}-${i}`}>
          <bdi>{problemText(p, t)}</bdi>
        </li>
      ))}
    </ul>
  )
}
