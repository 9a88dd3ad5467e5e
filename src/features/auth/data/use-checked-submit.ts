import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { fieldMessages } from '@/lib/use-form'

/**
 * An auth screen's submit: the form's values (its fields, or what `read` gives) checked by
 * `schema`. While any is wrong, each field's first message is in `errors` and nothing is sent;
 * once all are right, the messages go and `onValid` gets the parsed values.
 */
export function useCheckedSubmit<S extends v.GenericSchema>(
  schema: S,
  onValid: (values: v.InferOutput<S>) => void,
  read: (form: HTMLFormElement) => unknown = (form) => Object.fromEntries(new FormData(form)),
) {
  const [errors, setErrors] = useState<Record<string, string>>({})

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const parsed = v.safeParse(schema, read(e.currentTarget))
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.issues))
      return
    }
    setErrors({})
    onValid(parsed.output)
  }

  return { errors, onSubmit, clearErrors: () => setErrors({}) }
}
