import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  chunkGraph,
  fillAppShell,
  fillTemplate,
  PAGES,
  routeModules,
} from '../../../scripts/prerender.mjs'
import { routeTable } from '@/app/routes'
import { renderDocumentShell, renderPage } from '@/prerender'

const root = fileURLToPath(new URL('../../../', import.meta.url))

describe('the route manifest read from src/app/routes.tsx', () => {
  const rows = routeModules(root)

  it('has a row per route, each with its screen module', () => {
    expect(rows).toHaveLength(routeTable.length)
    rows.forEach((row, i) => {
      expect(row.modules.length, routeTable[i]?.path).toBeGreaterThan(0)
    })
  })

  it('finds the layout and the message bundle a row names', () => {
    const at = (path: string) => rows[routeTable.findIndex((r) => r.path === path)]
    expect(at('/settings/account')?.modules.some((m) => m.endsWith('SettingsLayout.tsx'))).toBe(
      true,
    )
    expect(at('/forgot-password')?.bundles).toEqual(['public'])
    expect(at('/sign-in')?.bundles).toEqual([])
    expect(at('/dashboard')?.modules[0]).toMatch(/features\/dashboard\/DashboardPage\.tsx$/)
  })

  it('prerenders only rows of the table that anyone may open', () => {
    for (const [path] of PAGES) {
      const row = routeTable.find((r) => r.path === path)
      expect(row?.access, path).not.toBe('signedIn')
    }
  })
})

describe('prerendering', () => {
  it('draws the sign-in page in German, with its title', async () => {
    const page = await renderPage('/sign-in', 'de')
    expect(page).toMatchObject({ lang: 'de', dir: 'ltr', title: 'Anmelden · Folio' })
    expect(page.html).toContain('>Anmelden</h1>')
    expect(page.html).toContain('E-Mail-Adresse')
    // Not the loading fallback: the screen itself.
    expect(page.html).not.toContain('role="progressbar"')
  })

  it('draws Arabic right to left, and the document shell in its language', async () => {
    expect(await renderPage('/sign-up', 'ar')).toMatchObject({ dir: 'rtl', lang: 'ar' })
    const shell = await renderDocumentShell('fr')
    expect(shell.title).toBe('Votre document')
    expect(shell.html).toContain('role="status"')
  })

  it('fills the built HTML: language, direction, title, the page, the noscript line; no signed-in chunks', () => {
    const template =
      '<html lang="en" class="dark" dir="ltr"><head><title>Folio</title>' +
      '\n    <script type="module" crossorigin src="/assets/main-1.js"></script>' +
      '\n    <link rel="modulepreload" crossorigin href="/assets/src-1.js">' +
      '\n    <link rel="stylesheet" crossorigin href="/assets/src-1.css">' +
      '\n    <link rel="modulepreload" crossorigin href="/assets/SignedInApp-1.js" data-signed-in></head>' +
      '<body><div id="root"></div><noscript>Folio needs JavaScript to run.</noscript></body></html>'
    const out = fillTemplate(
      template,
      { html: '<h1>مرحبا</h1>', title: 'a < b', lang: 'ar', dir: 'rtl' },
      'JavaScript!',
      '/assets/after-paint-1.js',
    )
    // The modules wait, inert, for the starter: only the style sheet is fetched before the paint.
    expect(out).toBe(
      '<html lang="ar" class="dark" dir="rtl"><head><title>a &lt; b</title>' +
        '\n    <link rel="stylesheet" crossorigin href="/assets/src-1.css">' +
        '<script defer src="/assets/after-paint-1.js"></script>' +
        '<template id="folio-modules"><script type="module" crossorigin src="/assets/main-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/src-1.js"></template></head>' +
        '<body><div id="root" data-prerendered="ar"><h1>مرحبا</h1></div>' +
        '<noscript>JavaScript!</noscript></body></html>',
    )
  })

  it("replaces the app's frame of index.html with the page", () => {
    const out = fillTemplate(
      '<html lang="en"><head><script type="module" src="/assets/main-1.js"></script></head>' +
        '<body><div id="root">\n  <!--app-frame--><div class="app-frame"><img src="/favicon.svg" />' +
        'Folio</div><!--/app-frame-->\n</div></body></html>',
      { html: '<h1>Sign in</h1>', title: 'Sign in', lang: 'en', dir: 'ltr' },
      '',
      '/assets/after-paint-1.js',
    )
    expect(out).toContain('<div id="root" data-prerendered="en"><h1>Sign in</h1></div></body>')
    expect(out).not.toContain('app-frame')
  })

  it("makes index.html the signed-in area's page: its frame drawn, its modules waiting for the paint", () => {
    const out = fillAppShell(
      '<html lang="en" dir="ltr"><head><script type="module" src="/assets/main-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/SignedInApp-1.js" data-signed-in></head>' +
        '<body><div id="root"><!--app-frame--><div class="app-frame">Folio</div><!--/app-frame--></div>' +
        '<noscript>Folio needs JavaScript to run.</noscript></body></html>',
      { lang: 'de', dir: 'ltr' },
      'JavaScript!',
      '/assets/after-paint-1.js',
    )
    expect(out).toContain(
      '<div id="root"><!--app-frame--><div class="app-frame">Folio</div><!--/app-frame--></div>',
    )
    expect(out).toContain(
      '<script defer src="/assets/after-paint-1.js"></script><template id="folio-modules">' +
        '<script type="module" src="/assets/main-1.js"></script></template></head>',
    )
    expect(out).toContain('<html lang="de" dir="ltr">')
    expect(out).not.toContain('data-prerendered')
  })

  it('refuses a built HTML without a module script: the page would never start', () => {
    expect(() =>
      fillTemplate(
        '<html><head></head><body><div id="root"></div></body></html>',
        { html: '', title: '', lang: 'en', dir: 'ltr' },
        '',
        '/assets/after-paint-1.js',
      ),
    ).toThrow('No module script')
  })
})

describe('the chunk graph of a build whose small shared chunks are inlined', () => {
  const chunk = (fileName: string, name: string, moduleIds: string[], facade: string | null) => ({
    type: 'chunk' as const,
    fileName,
    name,
    imports: [],
    dynamicImports: [],
    facadeModuleId: facade,
    moduleIds,
    isEntry: false,
  })
  const bundle = {
    'assets/Dashboard-1.js': chunk(
      'assets/Dashboard-1.js',
      'Dashboard',
      ['/src/Dashboard.tsx', '/src/format.ts'],
      '/src/Dashboard.tsx',
    ),
    // A route whose chunk lost its facade: it is the chunk named after it.
    'assets/RecurringList-2.js': chunk(
      'assets/RecurringList-2.js',
      'RecurringList',
      ['/src/RecurringList.tsx', '/src/format.ts'],
      null,
    ),
  }

  it('finds a route by its facade, or by the chunk named after it', () => {
    const { byModule } = chunkGraph(bundle)
    expect(byModule.get('/src/Dashboard.tsx')).toBe('assets/Dashboard-1.js')
    expect(byModule.get('/src/RecurringList.tsx')).toBe('assets/RecurringList-2.js')
  })

  it('does not take a copied module for a route of the chunk that prints it', () => {
    // format.ts is copied into both chunks: neither is its own.
    expect(chunkGraph(bundle).byModule.has('/src/format.ts')).toBe(false)
  })
})
