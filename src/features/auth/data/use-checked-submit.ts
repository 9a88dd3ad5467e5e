import { useState, type FormEvent } from 'react'
import type * as v from 'valibot'

/** The checks' library and the form's messages, loaded with the first check (not with the page). */
const checks = () => Promise.all([import('valibot'), import('@/lib/use-form')])

/**
 * An auth screen's submit: the form's values (its fields, or what `read` gives) checked by the
 * schema `load` gives. While any is wrong, each field's first message is in `errors` and nothing
 * is sent; once all are right, the messages go and `onValid` gets the parsed values.
 *
 * The schema and its library load when the form is first touched (`warm`, on input or pointer)
 * and at the latest on submit, so an auth page's first visit carries none of it.
 */
export function useCheckedSubmit<S extends v.GenericSchema>(
  load: () => Promise<S>,
  onValid: (values: v.InferOutput<S>) => void,
  read: (form: HTMLFormElement) => unknown = (form) => Object.fromEntries(new FormData(form)),
) {
  const [errors, setErrors] = useState<Record<string, string>>({})

  async function check(input: unknown) {
    const [[{ safeParse }, { fieldMessages }], schema] = await Promise.all([checks(), load()])
    const parsed = safeParse(schema, input)
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.issues))
      return
    }
    setErrors({})
    onValid(parsed.output)
  }

  return {
    errors,
    onSubmit: (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault()
      void check(read(e.currentTarget))
    },
    warm: () => void Promise.all([checks(), load()]),
    clearErrors: () => setErrors({}),
  }
}
