import { useState } from 'react'
import type * as v from 'valibot'
import { useForm, type Refusal } from '@/lib/use-form'
import { useDraft } from '@/lib/drafts'
import { useT } from '@/lib/i18n'
import { shownOnce } from './shown-once'

type Schema = v.GenericSchema<Record<string, unknown>>

/** What a record's form (an item, a vendor, an expense…) is given by its page. */
export interface RecordFormOptions<S extends Schema> {
  initial: v.InferInput<S>
  /** Resolves to the server's refusal, or nothing when saved. */
  onSubmit: (values: v.InferOutput<S>, version?: string) => Promise<Refusal | void>
  /** A role that may not write reads the form: nothing typed is kept. */
  readOnly?: boolean
  /** Where what is typed is kept until it is saved (null: not kept). */
  draftKey?: string | null
  /** The edited record's version (`updated`): the one it had when the form opened is sent. */
  version?: string
}

/** What a record's form component is given: the hook's options, its button's label and Cancel. */
export type RecordFormProps<S extends Schema> = RecordFormOptions<S> & {
  submitLabel: string
  onCancel: () => void
}

/**
 * A record's form: checked by its schema (useForm), what is typed kept as a draft until saved,
 * and the save made from the version the form opened with. A refusal keeps the draft and shows
 * the server's sentence once (at its field when it names one).
 */
export function useRecordForm<S extends Schema>(schema: S, options: RecordFormOptions<S>) {
  const t = useT()
  const { initial, onSubmit, readOnly = false, draftKey = null } = options
  const [openedVersion] = useState(options.version)
  const form = useForm(schema, initial)
  const draft = useDraft(readOnly ? null : draftKey, form.values, form.setValues, initial)
  const submit = form.handleSubmit(async (output) => {
    // Saving: the draft goes first, as the save may go on to the saved record.
    draft.clear()
    const refused = await onSubmit(output, openedVersion)
    if (refused) draft.keep()
    return refused && shownOnce(refused, Object.keys(initial), t)
  })
  return { ...form, draft, submit }
}
