import type { Refusal } from '@/lib/use-form'
import type { Translate } from '@/lib/i18n'

/**
 * A refusal shown once. The server names the field it refuses and says the same sentence as the
 * answer's message; a form shows the field's message at the field, so the sentence above the
 * buttons would repeat it. Then the form's line only points at the field ("Check the highlighted
 * fields."). A refusal about something the form has no field for keeps its sentence there.
 */
export function shownOnce(refused: Refusal, fields: readonly string[], t: Translate): Refusal {
  const atAField = Object.entries(refused.fields).some(
    ([k, message]) =>
      message === refused.message && fields.some((f) => k === f || k.startsWith(`${f}.`)),
  )
  return atAField ? { ...refused, message: t('common.form.checkFields') } : refused
}
