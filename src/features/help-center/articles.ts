import { t, type MessageKey } from '@/lib/i18n'

/** A help article: its title and paragraphs are message keys, read in the interface's language. */
export interface Article {
  id: string
  title: MessageKey
  body: readonly MessageKey[]
}

export const articles = [
  {
    id: 'getting-started',
    title: 'help.articles.gettingStarted.title',
    body: [
      'help.articles.gettingStarted.p1',
      'help.articles.gettingStarted.p2',
      'help.articles.gettingStarted.p3',
    ],
  },
  {
    id: 'customers',
    title: 'help.articles.customers.title',
    body: [
      'help.articles.customers.p1',
      'help.articles.customers.p2',
      'help.articles.customers.p3',
    ],
  },
  {
    id: 'items',
    title: 'help.articles.items.title',
    body: ['help.articles.items.p1', 'help.articles.items.p2', 'help.articles.items.p3'],
  },
  {
    id: 'expenses',
    title: 'help.articles.expenses.title',
    body: ['help.articles.expenses.p1', 'help.articles.expenses.p2', 'help.articles.expenses.p3'],
  },
  {
    id: 'import',
    title: 'help.articles.import.title',
    body: [
      'help.articles.import.p1',
      'help.articles.import.p2',
      'help.articles.import.p3',
      'help.articles.import.p4',
      'help.articles.import.p5',
      'help.articles.import.p6',
      'help.articles.import.p7',
      'help.articles.import.p8',
    ],
  },
  {
    id: 'e-invoices-received',
    title: 'help.articles.einvoicesReceived.title',
    body: [
      'help.articles.einvoicesReceived.p1',
      'help.articles.einvoicesReceived.p2',
      'help.articles.einvoicesReceived.p3',
    ],
  },
  {
    id: 'two-factor',
    title: 'help.articles.twoFactor.title',
    body: [
      'help.articles.twoFactor.p1',
      'help.articles.twoFactor.p2',
      'help.articles.twoFactor.p3',
    ],
  },
  {
    id: 'quotes-to-invoices',
    title: 'help.articles.quotesToInvoices.title',
    body: [
      'help.articles.quotesToInvoices.p1',
      'help.articles.quotesToInvoices.p2',
      'help.articles.quotesToInvoices.p3',
      'help.articles.quotesToInvoices.p4',
    ],
  },
  {
    id: 'payments',
    title: 'help.articles.payments.title',
    body: ['help.articles.payments.p1', 'help.articles.payments.p2', 'help.articles.payments.p3'],
  },
  {
    id: 'card-payments',
    title: 'help.articles.cardPayments.title',
    body: [
      'help.articles.cardPayments.p1',
      'help.articles.cardPayments.p2',
      'help.articles.cardPayments.p3',
      'help.articles.cardPayments.p4',
    ],
  },
  {
    id: 'bank-statements',
    title: 'bank.help.title',
    body: ['bank.help.p1', 'bank.help.p2', 'bank.help.p3', 'bank.help.p4'],
  },
  {
    id: 'members-and-roles',
    title: 'help.articles.team.title',
    body: [
      'help.articles.team.p1',
      'help.articles.team.p2',
      'help.articles.team.p3',
      'help.articles.team.p4',
    ],
  },
  {
    id: 'credit-notes',
    title: 'credits.help.title',
    body: ['credits.help.p1', 'credits.help.p2', 'credits.help.p3', 'credits.help.p4'],
  },
  {
    id: 'export-print',
    title: 'help.articles.exportPrint.title',
    body: ['help.articles.exportPrint.p1', 'help.articles.exportPrint.p2'],
  },
  {
    id: 'recurring',
    title: 'help.articles.recurring.title',
    body: [
      'help.articles.recurring.p1',
      'help.articles.recurring.p2',
      'help.articles.recurring.p3',
    ],
  },
  {
    id: 'customer-link',
    title: 'help.articles.customerLink.title',
    body: [
      'help.articles.customerLink.p1',
      'help.articles.customerLink.p2',
      'help.articles.customerLink.p3',
      'help.articles.customerLink.p4',
      'help.articles.customerLink.p5',
    ],
  },
  {
    id: 'e-invoicing',
    title: 'help.articles.eInvoicing.title',
    body: [
      'help.articles.eInvoicing.p1',
      'help.articles.eInvoicing.p2',
      'help.articles.eInvoicing.p3',
      'help.articles.eInvoicing.p4',
    ],
  },
  {
    id: 'payment-reminders',
    title: 'dunning.help.title',
    body: [
      'dunning.help.p1',
      'dunning.help.p2',
      'dunning.help.p3',
      'dunning.help.p4',
      'dunning.help.p5',
    ],
  },
  {
    id: 'dashboard',
    title: 'help.articles.dashboard.title',
    body: ['help.articles.dashboard.p1', 'help.articles.dashboard.p2'],
  },
  {
    id: 'reports',
    title: 'help.articles.reports.title',
    body: [
      'help.articles.reports.p1',
      'help.articles.reports.p2',
      'help.articles.reports.p3',
      'help.articles.reports.p4',
    ],
  },
  {
    id: 'offline',
    title: 'help.articles.offline.title',
    body: ['help.articles.offline.p1', 'help.articles.offline.p2', 'help.articles.offline.p3'],
  },
  {
    id: 'install',
    title: 'help.articles.install.title',
    body: ['help.articles.install.p1', 'help.articles.install.p2'],
  },
] as const satisfies readonly Article[]

/** Articles whose title or text contains every word of the query, case-insensitively. */
export function searchArticles(query: string, list: readonly Article[] = articles): Article[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean)
  if (!words.length) return [...list]
  return list.filter((a) => {
    const text = `${t(a.title)} ${a.body.map((k) => t(k)).join(' ')}`.toLocaleLowerCase()
    return words.every((w) => text.includes(w))
  })
}
