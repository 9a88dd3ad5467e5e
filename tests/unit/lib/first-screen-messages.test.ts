// The signed-in app's first screen (the dashboard, in its shell) says only words of the small
// `app` message bundle: the other signed-in screens' words (`screens`) load with their own chunks.
// Read from the source: every module the first screen imports statically, every message key (or
// key prefix, `billing.status.${…}`) written in them, and the bundle each key is compiled into.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import {
  bundleOfKey,
  namespacesOf,
  readNamespace,
  SOURCE_LOCALE,
} from '../../../scripts/messages.mjs'
import { routeModules } from '../../../scripts/prerender.mjs'
import { routeTable } from '@/app/routes'
import { paths } from '@/config/paths'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const namespaces = namespacesOf(SOURCE_LOCALE)
const keyLike = new RegExp(`^(?:${namespaces.join('|')})\\.[\\w.]*$`)

function resolveSpec(from: string, spec: string): string | null {
  let base: string
  if (spec.startsWith('@/')) base = join(root, 'src', spec.slice(2))
  else if (spec.startsWith('@machines/')) base = join(root, 'machines', spec.slice(10))
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec)
  else return null
  for (const ext of ['', '.tsx', '.ts', '/index.tsx', '/index.ts'])
    if (existsSync(base + ext) && /\.tsx?$/.test(base + ext)) return base + ext
  return null
}

interface Scan {
  /** Message keys and key prefixes (ending in '.') by the file that writes them. */
  keys: Map<string, string[]>
  /** Modules imported with import(), by the file that imports them. */
  lazy: Map<string, string[]>
}

/** Every module `entries` import statically (type-only imports aside), scanned for keys. */
function scan(entries: string[]): Scan {
  const keys = new Map<string, string[]>()
  const lazy = new Map<string, string[]>()
  const seen = new Set<string>()
  const queue = entries.map((e) => join(root, e))
  while (queue.length) {
    const file = queue.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
    const found: string[] = []
    const dynamic: string[] = []
    const visit = (n: ts.Node) => {
      if (
        (ts.isImportDeclaration(n) && !n.importClause?.isTypeOnly) ||
        (ts.isExportDeclaration(n) && !n.isTypeOnly)
      ) {
        const spec = n.moduleSpecifier
        const target = spec && ts.isStringLiteral(spec) ? resolveSpec(file, spec.text) : null
        if (target) queue.push(target)
      } else if (
        ts.isCallExpression(n) &&
        n.expression.kind === ts.SyntaxKind.ImportKeyword &&
        n.arguments[0] &&
        ts.isStringLiteral(n.arguments[0])
      ) {
        const target = resolveSpec(file, n.arguments[0].text)
        if (target) dynamic.push(relative(root, target))
      } else if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) {
        if (keyLike.test(n.text)) found.push(n.text)
      } else if (ts.isTemplateExpression(n)) {
        if (keyLike.test(n.head.text)) found.push(n.head.text.replace(/[^.]*$/, ''))
      }
      ts.forEachChild(n, visit)
    }
    visit(source)
    if (found.length) keys.set(relative(root, file), found)
    if (dynamic.length) lazy.set(relative(root, file), dynamic)
  }
  return { keys, lazy }
}

/** The English keys a key or prefix written in the code stands for. */
const allKeys = namespaces.flatMap((ns) => Object.keys(readNamespace(SOURCE_LOCALE, ns)))
const keysOf = (k: string) =>
  allKeys.filter((key) => (k.endsWith('.') ? key.startsWith(k) : key === k))

/**
 * What the first screen may say: the sign-in screens' words (core), the shell's and the
 * dashboard's (app), and what only other languages than English load, at the start or with the
 * signed-in area (foreign, refusals).
 */
const FIRST_SCREEN_BUNDLES = ['core', 'app', 'foreign', 'refusals']

/**
 * Loaded later, with the `screens` bundle: the route table's screens (each row says so, checked
 * below), the command palette (src/app/palette/PaletteLauncher.tsx) and the screen of a person
 * who belongs to no business (src/app/SignedInApp.tsx loads it with the bundle).
 */
const routeScreens = new Set(
  routeModules(root).flatMap((row) => row.modules.map((m) => relative(root, m))),
)
const LOADS_SCREENS = new Set([
  'src/app/palette/CommandPalette.tsx',
  'src/features/team/NoBusinessPage.tsx',
  // The dashboard's income and expenses card, loaded with the `reports` bundle once scrolled to.
  'src/features/dashboard/components/IncomeExpensesCard.tsx',
])

describe('the first signed-in screen', () => {
  it('says only words of the bundles it loads (core and app), in every module it loads', () => {
    // The dashboard in its shell, and whatever those load by themselves (the reminders, the
    // toasts), except the screens that load their own words.
    const entries = [
      'src/app/App.tsx',
      'src/app/SignedInApp.tsx',
      'src/features/dashboard/DashboardPage.tsx',
    ]
    let result = scan(entries)
    for (;;) {
      const lazy = [...result.lazy.values()]
        .flat()
        .filter((m) => !LOADS_SCREENS.has(m) && (!routeScreens.has(m) || entries.includes(m)))
      const more = lazy.filter((m) => !entries.includes(m))
      if (!more.length) break
      entries.push(...more)
      result = scan(entries)
    }
    const outside: string[] = []
    for (const [file, written] of result.keys)
      for (const k of written)
        for (const key of keysOf(k)) {
          const bundle = bundleOfKey(key) ?? 'none'
          if (!FIRST_SCREEN_BUNDLES.includes(bundle)) outside.push(`${key} (${bundle}) in ${file}`)
        }
    expect(outside).toEqual([])
    // The scan reached the dashboard's own words and the shell's.
    expect(result.keys.get('src/features/dashboard/DashboardPage.tsx')?.length).toBeGreaterThan(0)
    expect(entries).toContain('src/billing/ui/Reminders.tsx')
  })

  it('every other signed-in screen loads the screens bundle with its chunk', () => {
    const rows = routeModules(root)
    routeTable.forEach((row, i) => {
      if (row.access !== 'signedIn') return
      const bundles = rows[i]?.bundles ?? []
      expect({ path: row.path, screens: bundles.includes('screens') }).toEqual({
        path: row.path,
        screens: row.path !== paths.dashboard,
      })
    })
  })
})
