import { queryOptions, type QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { currentBusinessId, scopedFilter } from '@/lib/business'
import { loadPb } from '@/lib/pocketbase/instance'
import { t, type MessageKey, type Translate } from '@/lib/i18n'
import {
  lineDescriptionText,
  linePriceProblem,
  linesOf,
  message,
  percentText,
  quantityText,
  termsDaysText,
} from '@/billing/fields'
import { emptyLine, toLineItems, type LineForm } from '@/billing/document-form'
import { isoDate, parseMajor, pbDate, toInputAmount, todayIso } from '@/billing/format'
import type { BaseRecord, Customer, Invoice, LineItem } from '@/billing/types'

/** The server's collections (server/migrations/1795300030_recurring_invoices.go). */
export const TEMPLATES = 'recurring_invoices'
export const RUNS = 'recurring_runs'

export const FREQUENCIES = ['weekly', 'biweekly', 'monthly', 'quarterly', 'yearly'] as const
export const END_KINDS = ['never', 'after', 'on'] as const
export const ACTIONS = ['draft', 'send'] as const
/** What a new template whose start is in the past does with the dates before today (DecideMissed). */
export const MISSED = ['skip', 'latest', 'all'] as const
export type Frequency = (typeof FREQUENCIES)[number]
export type EndKind = (typeof END_KINDS)[number]
export type Action = (typeof ACTIONS)[number]
export type Missed = (typeof MISSED)[number]

/** A recurring template as the server sends it; the last block is written by the server only. */
export interface Template extends BaseRecord {
  customer: string
  name: string
  items: LineItem[] | null
  discount_percent: number
  notes: string
  terms: string
  frequency: Frequency
  /** Monthly: the day of the month, 0 for the last day. */
  month_day: number
  start_date: string
  end_kind: EndKind
  end_count: number
  end_date: string
  payment_terms_days: number
  action: Action
  paused: boolean
  last_period: string
  made_count: number
  /** The next date it runs on, "" when it has ended. */
  next_date: string
  /** Up to the next 3 dates, YYYY-MM-DD. */
  upcoming: string[] | null
  last_error_code: string
  last_error: string
  expand?: { customer?: Customer }
}

export type RunStatus = 'made' | 'to_send' | 'sending' | 'sent' | 'failed' | 'mail_failed'

/** One period of a template: made once, with its invoice (or the reason it failed). */
export interface Run extends BaseRecord {
  template: string
  period: string
  invoice: string
  status: RunStatus
  error_code: string
  error: string
  expand?: { invoice?: Invoice }
}

export const recurringKeys = {
  all: ['recurring'] as const,
  list: () => ['recurring', 'list'] as const,
  one: (id: string) => ['recurring', 'one', id] as const,
  runs: (id: string) => ['recurring', 'runs', id] as const,
}

export const templatesQuery = () =>
  queryOptions({
    queryKey: recurringKeys.list(),
    queryFn: async (): Promise<Template[]> => {
      const pb = await loadPb()
      return pb.collection(TEMPLATES).getFullList<Template>({
        filter: scopedFilter(pb),
        sort: 'paused,next_date,created',
        expand: 'customer',
      })
    },
  })

export const templateQuery = (id: string) =>
  queryOptions({
    queryKey: recurringKeys.one(id),
    queryFn: async (): Promise<Template> =>
      (await loadPb()).collection(TEMPLATES).getOne<Template>(id, { expand: 'customer' }),
  })

export const runsQuery = (id: string) =>
  queryOptions({
    queryKey: recurringKeys.runs(id),
    queryFn: async (): Promise<Run[]> =>
      (await loadPb()).collection(RUNS).getFullList<Run>({
        filter: (await loadPb()).filter('template = {:id}', { id }),
        sort: '-period',
        expand: 'invoice',
      }),
  })

/** After a write: the templates and the invoices they made are read again. */
export async function refreshRecurring(qc: QueryClient) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: recurringKeys.all }),
    qc.invalidateQueries({ queryKey: ['records'] }),
  ])
}

/** The template's name: its own, else its customer's. */
export const templateName = (tpl: Template): string =>
  tpl.name || tpl.expand?.customer?.name || t('recurring.untitled')

const FREQUENCY_LABELS = {
  weekly: 'recurring.frequency.weekly',
  biweekly: 'recurring.frequency.biweekly',
  monthly: 'recurring.frequency.monthly',
  quarterly: 'recurring.frequency.quarterly',
  yearly: 'recurring.frequency.yearly',
} as const satisfies Record<Frequency, MessageKey>

/** How often, in words: "Every 2 weeks", "Monthly on day 15", "Monthly on the last day". */
export function frequencyText(
  tr: Translate,
  tpl: Pick<Template, 'frequency' | 'month_day'>,
): string {
  if (tpl.frequency === 'monthly') {
    return tpl.month_day
      ? tr('recurring.frequency.monthlyOn', { day: tpl.month_day })
      : tr('recurring.frequency.monthlyLast')
  }
  return tr(FREQUENCY_LABELS[tpl.frequency])
}

export type TemplateState = 'active' | 'paused' | 'ended'

export const stateOf = (tpl: Template): TemplateState =>
  tpl.paused ? 'paused' : tpl.next_date ? 'active' : 'ended'

/** The editor's form: what is typed, as text. */
export interface TemplateForm {
  name: string
  customer: string
  currency: string
  frequency: Frequency
  /** "0" for the last day. */
  month_day: string
  start_date: string
  end_kind: EndKind
  end_count: string
  end_date: string
  payment_terms_days: string
  action: Action
  /** A new template only: what becomes of the dates before today. */
  missed: Missed
  notes: string
  items: LineForm[]
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

export const templateSchema = v.pipe(
  v.object({
    name: v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(200, message('billing.field.maxChars', { max: 200 })),
    ),
    customer: v.pipe(v.string(), v.nonEmpty(message('billing.form.customerRequired'))),
    currency: v.string(),
    frequency: v.picklist(FREQUENCIES, message('recurring.form.frequencyRequired')),
    month_day: v.string(),
    start_date: v.pipe(v.string(), v.regex(DAY, message('recurring.form.startRequired'))),
    end_kind: v.picklist(END_KINDS, message('recurring.form.endRequired')),
    end_count: v.string(),
    end_date: v.string(),
    payment_terms_days: termsDaysText,
    action: v.picklist(ACTIONS, message('recurring.form.actionRequired')),
    missed: v.picklist(MISSED),
    notes: v.pipe(v.string(), v.maxLength(5000, message('billing.form.notesMax', { max: 5000 }))),
    items: linesOf(
      v.object({
        id: v.string(),
        description: lineDescriptionText,
        quantity: quantityText,
        unit: v.string(),
        unit_code: v.string(),
        unit_price: v.string(),
        discount_percent: percentText('discount'),
        tax_rate: v.pipe(
          v.string(),
          v.trim(),
          v.check(
            (s) => s === '' || (/^\d+(\.\d{1,2})?$/.test(s) && Number(s) <= 100),
            message('recurring.form.taxRate'),
          ),
        ),
      }),
    ),
  }),
  // The fields that count only for some choices, with the whole form.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    const f = dataset.value
    const at = (key: string, msg: string) =>
      addIssue({
        message: msg,
        path: [{ type: 'object', origin: 'value', input: f, key, value: f[key as keyof typeof f] }],
      })
    const count = Number(f.end_count)
    if (f.end_kind === 'after' && !(Number.isInteger(count) && count >= 1 && count <= 1000))
      at('end_count', t('recurring.form.endCountInvalid'))
    if (f.end_kind === 'on' && (!DAY.test(f.end_date) || f.end_date < f.start_date))
      at('end_date', t('recurring.form.endDateInvalid'))
    f.items.forEach((l, i) => {
      const currency = f.currency || 'EUR'
      const problem =
        linePriceProblem(l.unit_price, currency, toInputAmount(1250, currency)) ??
        ((parseMajor(l.unit_price, currency) ?? 0) <= 0 ? t('recurring.form.priceInvalid') : null)
      if (problem)
        addIssue({
          message: problem,
          path: [
            { type: 'object', origin: 'value', input: f, key: 'items', value: f.items },
            { type: 'array', origin: 'value', input: f.items, key: i, value: l },
            { type: 'object', origin: 'value', input: l, key: 'unit_price', value: l.unit_price },
          ],
        })
    })
  }),
)

export type ParsedTemplateForm = v.InferOutput<typeof templateSchema>

export function emptyTemplate(defaultTaxRate: number): TemplateForm {
  const today = todayIso()
  return {
    name: '',
    customer: '',
    currency: '',
    frequency: 'monthly',
    month_day: String(Number(today.slice(8, 10))),
    start_date: today,
    end_kind: 'never',
    end_count: '12',
    end_date: '',
    payment_terms_days: '30',
    action: 'draft',
    missed: 'skip',
    notes: '',
    items: [emptyLine(defaultTaxRate)],
  }
}

export function fromTemplate(tpl: Template): TemplateForm {
  const currency = tpl.expand?.customer?.currency ?? 'EUR'
  return {
    name: tpl.name ?? '',
    customer: tpl.customer,
    currency,
    frequency: tpl.frequency,
    month_day: String(tpl.month_day ?? 0),
    start_date: isoDate(tpl.start_date),
    end_kind: tpl.end_kind,
    end_count: tpl.end_count ? String(tpl.end_count) : '12',
    end_date: isoDate(tpl.end_date),
    payment_terms_days: String(tpl.payment_terms_days ?? 0),
    action: tpl.action,
    missed: 'skip',
    notes: tpl.notes ?? '',
    items: (tpl.items ?? []).map((l) => ({
      id: l.id,
      description: l.description,
      quantity: String(l.quantity),
      unit: l.unit ?? '',
      unit_code: l.unit_code ?? '',
      unit_price: toInputAmount(l.unit_price_cents, currency),
      discount_percent: l.discount_percent ? String(l.discount_percent) : '',
      tax_rate: l.tax_rate ? String(l.tax_rate) : '',
    })),
  }
}

/** The body the server takes. */
export function toTemplateBody(f: ParsedTemplateForm): Record<string, unknown> {
  return {
    name: f.name,
    customer: f.customer,
    frequency: f.frequency,
    month_day: f.frequency === 'monthly' ? Number(f.month_day) : 0,
    start_date: pbDate(f.start_date),
    end_kind: f.end_kind,
    end_count: f.end_kind === 'after' ? Number(f.end_count) : 0,
    end_date: f.end_kind === 'on' ? pbDate(f.end_date) : '',
    payment_terms_days: f.payment_terms_days,
    action: f.action,
    missed: f.missed,
    notes: f.notes,
    items: toLineItems(f.items, f.currency).filter((l): l is LineItem => l !== null),
  }
}

/** The server's plan for a new template's schedule (POST /api/folio/recurring/preview, route_preview.go). */
export interface MissedPreview {
  /** The business's date the plan is for. */
  today: string
  /** How many dates fall before today, and the oldest and newest of them. */
  missed: number
  first_missed: string
  last_missed: string
  /** The invoices saving makes at once, by issue date. */
  make: string[]
  /** Up to 3 dates after today. */
  next: string[]
}

export type PreviewSchedule = Pick<
  ParsedTemplateForm,
  'frequency' | 'month_day' | 'start_date' | 'end_kind' | 'end_count' | 'end_date' | 'missed'
>

export const missedPreviewQuery = (f: PreviewSchedule) =>
  queryOptions({
    queryKey: ['recurring', 'preview', f] as const,
    queryFn: async (): Promise<MissedPreview> =>
      (await loadPb()).send<MissedPreview>('/api/folio/recurring/preview', {
        method: 'POST',
        body: {
          business: currentBusinessId(),
          frequency: f.frequency,
          month_day: f.frequency === 'monthly' ? Number(f.month_day) : 0,
          start_date: f.start_date,
          end_kind: f.end_kind,
          end_count: f.end_kind === 'after' ? Number(f.end_count) : 0,
          end_date: f.end_kind === 'on' ? f.end_date : '',
          missed: f.missed,
        },
      }),
  })

export async function createTemplate(body: Record<string, unknown>): Promise<Template> {
  const pb = await loadPb()
  return pb.collection(TEMPLATES).create<Template>({ ...body, business: currentBusinessId() })
}

export async function updateTemplate(id: string, body: Record<string, unknown>): Promise<Template> {
  return (await loadPb()).collection(TEMPLATES).update<Template>(id, body)
}

export async function deleteTemplate(id: string): Promise<void> {
  await (await loadPb()).collection(TEMPLATES).delete(id)
}
