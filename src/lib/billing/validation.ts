import * as v from 'valibot'

/** The first message per field of a valibot result, keyed by its dot path ("items.2.quantity"). */
export function fieldMessages(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const i of issues) {
    const key = v.getDotPath(i)
    if (key && !out[key]) out[key] = i.message
  }
  return out
}
