import { useEffect, useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { useT } from './i18n'

/**
 * The one mapper from a failed valibot parse to the messages shown at the fields: the first
 * message of each field, keyed by its dot path ("items.2.quantity").
 */
export function fieldMessages(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const i of issues) {
    const key = v.getDotPath(i)
    if (key && !out[key]) out[key] = i.message
  }
  return out
}

export type Refusal = { message: string; fields: Record<string, string> }

/**
 * The form's line as shown: a line that only points at the highlighted fields ("Check the
 * highlighted fields.") goes as soon as no field is highlighted any more; any other line stays.
 */
export function formLine(
  line: string | null,
  errors: Record<string, string>,
  pointers: readonly (string | null)[],
): string | null {
  return line && pointers.includes(line) && Object.keys(errors).length === 0 ? null : line
}

type Schema = v.GenericSchema<Record<string, unknown>>

/** The keys of a form's values that hold text. */
type TextKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string

/**
 * A form of text inputs checked by a valibot schema: a message at each field before anything
 * is sent, then the server's refusal at the field it names (or for the whole form). What was
 * typed is never cleared by a refusal.
 */
export function useForm<S extends Schema>(
  schema: S,
  initial: v.InferInput<S>,
  options: { invalidMessage?: string | null; fieldAliases?: Record<string, string> } = {},
) {
  const t = useT()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const invalid =
    options.invalidMessage === undefined ? t('common.form.checkFields') : options.invalidMessage

  /** Once the form was submitted, each field the user changes is checked again as it changes. */
  const submitted = useRef(false)
  const changed = useRef(new Set<string>())

  /**
   * A field the user changed: before the first submit its message (a server's) just goes; after
   * it, the field is checked again with the new value, so a message goes as soon as the value is
   * right and stays (or changes) while it is not.
   */
  const clearError = (path: string) => {
    if (submitted.current) changed.current.add(path)
    setErrors((old) => {
      if (!(path in old)) return old
      const next = { ...old }
      delete next[path]
      return next
    })
  }

  useEffect(() => {
    if (!submitted.current || changed.current.size === 0) return
    const paths = [...changed.current]
    changed.current.clear()
    const parsed = v.safeParse(schema, values)
    const messages = parsed.success ? {} : fieldMessages(parsed.issues)
    setErrors((old) => {
      const next = { ...old }
      for (const path of paths) {
        const message = messages[path]
        if (message) next[path] = message
        else delete next[path]
      }
      return next
    })
  }, [schema, values])

  const set = (k: keyof v.InferInput<S> & string) => (e: { target: { value: string } }) => {
    setValues((old) => ({ ...old, [k]: e.target.value }))
    clearError(k)
  }

  /** A text field's value, change handler and message, to spread on a field: {...bind('name')}. */
  const bind = (k: TextKey<v.InferInput<S>>) => ({
    value: values[k] as string,
    onChange: set(k),
    error: errors[k],
  })

  const handleSubmit =
    (onValid: (output: v.InferOutput<S>) => Promise<Refusal | void>) => async (e: FormEvent) => {
      e.preventDefault()
      submitted.current = true
      changed.current.clear()
      const parsed = v.safeParse(schema, values)
      if (!parsed.success) {
        setErrors(fieldMessages(parsed.issues))
        setFormError(invalid)
        return
      }
      setErrors({})
      setFormError(null)
      setBusy(true)
      const refused = await onValid(parsed.output).finally(() => setBusy(false))
      if (refused) {
        const fields: Record<string, string> = {}
        for (const [k, m] of Object.entries(refused.fields))
          fields[options.fieldAliases?.[k] ?? k] = m
        setErrors(fields)
        setFormError(refused.message)
      }
    }

  return {
    values,
    setValues,
    set,
    bind,
    errors,
    setErrors,
    clearError,
    formError: formLine(formError, errors, [invalid, t('common.form.checkFields')]),
    setFormError,
    busy,
    handleSubmit,
  }
}
