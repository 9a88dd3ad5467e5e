// The keys of the message catalogue, typed from the English (source) files: a key that does not
// exist is a type error. Add a namespace here and in src/locales/bundles.json together (a bundle
// names namespaces or parts of one; scripts/messages.mjs compiles each key into one bundle).
import type common from '../../locales/en/common.json'
import type chart from '../../locales/en/chart.json'
import type auth from '../../locales/en/auth.json'
import type settings from '../../locales/en/settings.json'
import type dashboard from '../../locales/en/dashboard.json'
import type billing from '../../locales/en/billing.json'
import type customers from '../../locales/en/customers.json'
import type payments from '../../locales/en/payments.json'
import type documents from '../../locales/en/documents.json'
import type doc from '../../locales/en/doc.json'
import type server from '../../locales/en/server.json'
import type help from '../../locales/en/help.json'
import type serverauth from '../../locales/en/serverauth.json'
import type pages from '../../locales/en/pages.json'
import type shell from '../../locales/en/shell.json'
import type security from '../../locales/en/security.json'
import type guide from '../../locales/en/guide.json'
import type palette from '../../locales/en/palette.json'
import type records from '../../locales/en/records.json'
import type credits from '../../locales/en/credits.json'
import type recurring from '../../locales/en/recurring.json'
import type dunning from '../../locales/en/dunning.json'
import type team from '../../locales/en/team.json'
import type bank from '../../locales/en/bank.json'
import type items from '../../locales/en/items.json'
import type imports from '../../locales/en/imports.json'
import type inbound from '../../locales/en/inbound.json'
import type expenses from '../../locales/en/expenses.json'
import type reports from '../../locales/en/reports.json'
import type bundles from '../../locales/bundles.json'

type Keys<N extends string, T> = `${N}.${Extract<keyof T, string>}`

export type MessageKey =
  | Keys<'common', typeof common>
  | Keys<'chart', typeof chart>
  | Keys<'auth', typeof auth>
  | Keys<'settings', typeof settings>
  | Keys<'dashboard', typeof dashboard>
  | Keys<'billing', typeof billing>
  | Keys<'customers', typeof customers>
  | Keys<'payments', typeof payments>
  | Keys<'documents', typeof documents>
  | Keys<'doc', typeof doc>
  | Keys<'server', typeof server>
  | Keys<'help', typeof help>
  | Keys<'serverauth', typeof serverauth>
  | Keys<'pages', typeof pages>
  | Keys<'shell', typeof shell>
  | Keys<'security', typeof security>
  | Keys<'guide', typeof guide>
  | Keys<'palette', typeof palette>
  | Keys<'records', typeof records>
  | Keys<'credits', typeof credits>
  | Keys<'recurring', typeof recurring>
  | Keys<'dunning', typeof dunning>
  | Keys<'team', typeof team>
  | Keys<'bank', typeof bank>
  | Keys<'items', typeof items>
  | Keys<'imports', typeof imports>
  | Keys<'inbound', typeof inbound>
  | Keys<'expenses', typeof expenses>
  | Keys<'reports', typeof reports>

/** The keys of the document namespace: what a printed or mailed document may say. */
export type DocKey = Keys<'doc', typeof doc>

export type Bundle = keyof typeof bundles
