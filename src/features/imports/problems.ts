import { toCsv } from '@/billing/csv'
import { hasMessage, type Translate } from '@/lib/i18n'
import { refusalText } from '@/lib/refusal-text'
import type { RowProblem } from './data'

/** A customer field's name in the interface ("Email"), or the field as it is when unknown. */
export function fieldLabel(field: string | undefined, t: Translate): string {
  const key = `imports.field.${field ?? ''}`
  return hasMessage(key) ? t(key) : (field ?? '')
}

/**
 * A row's problem as a sentence: the import's own codes ("Row 4: the email address is not
 * valid."), and a customer rule's code (folio_…) said as a typed customer would hear it, after
 * the row's number.
 */
export function problemText(p: RowProblem, t: Translate): string {
  const own = `imports.problem.${p.code}`
  if (hasMessage(own)) {
    const values: Record<string, string | number> = {}
    for (const [k, v] of Object.entries(p.params ?? {})) {
      if (typeof v === 'string' || typeof v === 'number') values[k] = v
    }
    return t(own, { ...values, row: p.row, field: fieldLabel(p.field, t) })
  }
  const problem = refusalText({ code: p.code, message: p.code, params: p.params ?? {} })
  return t('imports.problem.other', { row: p.row, problem })
}

/** The report a person downloads: one line per problem (row, column, sentence). */
export function reportCsv(problems: readonly RowProblem[], t: Translate): string {
  return toCsv(problems, [
    { header: t('imports.report.row'), value: (p) => p.row },
    { header: t('imports.report.field'), value: (p) => fieldLabel(p.field, t) },
    { header: t('imports.report.problem'), value: (p) => problemText(p, t) },
  ])
}

/** The rows that have a problem, each once, in order. */
export const problemRows = (problems: readonly RowProblem[]): number[] =>
  [...new Set(problems.map((p) => p.row))].sort((a, b) => a - b)
