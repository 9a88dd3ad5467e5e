// Prerendering, as a step of `vite build`: once the app is built, a second (SSR) build of
// src/prerender.tsx draws the public pages to HTML in every language, into
// dist/pages/<locale>/<page>.html, from the built index.html (d.html for the customer's page).
// The server picks the page for the request's language and applies the preference cookies to it
// (server/internal/spa). It also reads dist/pages/routes.json: for every route of the route
// table, the chunks that route loads, which it modulepreloads from the HTML it serves.
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { basename, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import ts from 'typescript'

/** The prerendered pages: the route table's path, and the file name under pages/<locale>/. */
export const PAGES = [
  ['/', 'home'],
  ['/sign-in', 'sign-in'],
  ['/sign-in-2', 'sign-in-2'],
  ['/sign-up', 'sign-up'],
  ['/forgot-password', 'forgot-password'],
  ['/otp', 'otp'],
  ['/401', '401'],
  ['/403', '403'],
  ['/404', '404'],
  ['/500', '500'],
  ['/503', '503'],
]
/** Marks the app shell's links to the signed-in area's chunks, which public pages leave out. */
const SIGNED_IN_MARK = 'data-signed-in'

/** The customer's page of a document (/d/<token>), before its document is known. */
export const DOCUMENT_SHELL = 'd'
/**
 * The page of a signed-in route: the app's frame of index.html, drawn before any script runs, with
 * the modules waiting for its paint like a prerendered page's (the server serves it, in the
 * request's language, for the signed-in area; the service worker keeps index.html).
 */
export const APP_SHELL = 'app-shell'

const escapeHtml = (s) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c])

/** The inert holder of a prerendered page's modules, which src/boot/after-paint.ts starts. */
export const MODULES_TEMPLATE_ID = 'folio-modules'

/**
 * The built HTML with a page drawn into it. The page is drawn before any script runs, so its
 * modules (the entry and its modulepreloads) move into <template id="folio-modules">, which
 * fetches nothing, and `afterPaint` (the starter's URL) puts them into <head> after the first
 * paint: they no longer compete with the style sheet and the font for it.
 */
export function fillTemplate(template, page, noScript, afterPaint) {
  const modules = []
  // The web app manifest waits with them: nothing can be installed before the app has started
  // (it registers the service worker), and the browser would fetch the manifest and its icon
  // alongside the paint.
  const moduleTag =
    /\s*(?:<script type="module"[^>]*><\/script>|<link rel="(?:modulepreload|manifest)"[^>]*>)/g
  const out = template
    .replace(new RegExp(`\\s*<link [^>]*${SIGNED_IN_MARK}[^>]*>`, 'g'), '')
    .replace(moduleTag, (tag) => {
      modules.push(tag.trim())
      return ''
    })
    .replace(
      '</head>',
      `<script defer src="${afterPaint}"></script>` +
        `<template id="${MODULES_TEMPLATE_ID}">${modules.join('')}</template></head>`,
    )
    .replace(/<html[^>]*>/, (tag) =>
      tag
        .replace(/\slang="[^"]*"/, ` lang="${page.lang}"`)
        .replace(/\sdir="[^"]*"/, ` dir="${page.dir}"`),
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<noscript>[^<]*<\/noscript>/, `<noscript>${escapeHtml(noScript)}</noscript>`)
    // The app's frame (index.html) makes way for the page.
    .replace(
      /<div id="root">\s*(?:<!--app-frame-->[\s\S]*?<!--\/app-frame-->\s*)?<\/div>/,
      () => `<div id="root" data-prerendered="${page.lang}">${page.html}</div>`,
    )
  if (!out.includes(`data-prerendered="${page.lang}"`)) throw new Error('No #root in the template')
  if (!modules.length) throw new Error('No module script in the template')
  return out
}

/** index.html as the page of a signed-in route: its frame stays, its modules wait for the paint. */
export function fillAppShell(template, { lang, dir }, noScript, afterPaint) {
  const frame = template.match(/<!--app-frame-->[\s\S]*?<!--\/app-frame-->/)?.[0]
  if (!frame) throw new Error('No app frame in index.html')
  return fillTemplate(
    template,
    { html: frame, title: 'Folio', lang, dir },
    noScript,
    afterPaint,
  ).replace(` data-prerendered="${lang}"`, '')
}

/**
 * What each row of the route table loads: its modules (import() calls inside the row, and in the
 * consts it names, e.g. a layout) and its message bundles (withMessages(...)), read from the
 * source of src/app/routes.tsx, in table order.
 */
export function routeModules(root) {
  const file = join(root, 'src/app/routes.tsx')
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const consts = new Map()
  let table = null
  for (const st of source.statements) {
    if (!ts.isVariableStatement(st)) continue
    for (const d of st.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || !d.initializer) continue
      consts.set(d.name.text, d.initializer)
      if (d.name.text === 'routeTable') table = d.initializer
    }
  }
  while (table && (ts.isAsExpression(table) || ts.isSatisfiesExpression(table)))
    table = table.expression
  if (!table || !ts.isArrayLiteralExpression(table)) throw new Error('routeTable not found')

  const collect = (node, out, seen) => {
    const visit = (n) => {
      if (
        ts.isCallExpression(n) &&
        n.expression.kind === ts.SyntaxKind.ImportKeyword &&
        ts.isStringLiteral(n.arguments[0])
      )
        out.modules.add(resolveModule(root, n.arguments[0].text))
      else if (
        ts.isCallExpression(n) &&
        ts.isIdentifier(n.expression) &&
        n.expression.text === 'withMessages' &&
        ts.isStringLiteral(n.arguments[0])
      )
        out.bundles.add(n.arguments[0].text)
      else if (ts.isIdentifier(n) && consts.has(n.text) && !seen.has(n.text)) {
        seen.add(n.text)
        collect(consts.get(n.text), out, seen)
      }
      ts.forEachChild(n, visit)
    }
    visit(node)
  }
  return table.elements.map((row) => {
    const out = { modules: new Set(), bundles: new Set() }
    collect(row, out, new Set(['routeTable']))
    return { modules: [...out.modules], bundles: [...out.bundles] }
  })
}

function resolveModule(root, spec) {
  const base = spec.startsWith('@/') ? join(root, 'src', spec.slice(2)) : resolve(root, spec)
  for (const ext of ['.tsx', '.ts', '/index.tsx', '/index.ts'])
    if (existsSync(base + ext)) return base + ext
  throw new Error(`Cannot resolve ${spec} in src/app/routes.tsx`)
}

/** The chunk graph of the client build: module id → its chunk, and chunk → its static imports. */
export function chunkGraph(bundle) {
  const byModule = new Map()
  const imports = new Map()
  const dynamicImports = new Map()
  let entry = null
  for (const out of Object.values(bundle)) {
    if (out.type !== 'chunk') continue
    imports.set(out.fileName, out.imports)
    dynamicImports.set(out.fileName, out.dynamicImports)
    if (out.facadeModuleId) byModule.set(out.facadeModuleId, out.fileName)
    // A route's module can lose its facade when small shared chunks are inlined: its chunk is
    // the one named after it.
    for (const id of out.moduleIds)
      if (!byModule.has(id) && basename(id).replace(/\.\w+$/, '') === out.name)
        byModule.set(id, out.fileName)
    if (out.isEntry && out.name === 'main') entry = out.fileName
  }
  const closure = (file, acc = new Set()) => {
    if (acc.has(file)) return acc
    acc.add(file)
    for (const i of imports.get(file) ?? []) closure(i, acc)
    return acc
  }
  return { byModule, closure, entry, dynamicImports }
}

/**
 * The route manifest the server reads: per route pattern, the chunks beyond the entry's (which
 * index.html loads anyway) and the message bundles; per bundle and locale, its chunks.
 */
export function routeManifest({ root, bundle, routes, locales, bundles }) {
  const { byModule, closure, entry } = chunkGraph(bundle)
  if (!entry) throw new Error('No main entry chunk in the build')
  const entryFiles = closure(entry)
  const chunksOf = (id) => {
    const file = byModule.get(id)
    if (!file) throw new Error(`No chunk for ${relative(root, id)}`)
    return [...closure(file)].filter((f) => !entryFiles.has(f))
  }
  const rows = routeModules(root)
  if (rows.length !== routes.length) throw new Error('The route table and its source disagree')
  const signedIn = chunksOf(join(root, 'src/app/SignedInApp.tsx'))
  return {
    locales,
    fonts: fontFiles(bundle),
    pages: PAGES.map(([path, page]) => ({ path, page })),
    documentShell: DOCUMENT_SHELL,
    appShell: APP_SHELL,
    routes: routes.map((r, i) => {
      const files = new Set(rows[i].modules.flatMap(chunksOf))
      const needs = new Set(['core', ...rows[i].bundles])
      if (r.access === 'signedIn') {
        signedIn.forEach((f) => files.add(f))
        needs.add('app')
      }
      return { path: r.path, files: [...files], bundles: [...needs] }
    }),
    bundles: Object.fromEntries(
      bundles.flatMap((b) =>
        locales.map((l) => [`${b}/${l}`, chunksOf(`\0virtual:messages/${b}/${l}`)]),
      ),
    ),
  }
}

/** The web fonts of the font preference, by its value: their Latin files, which every page uses. */
export const FONTS = ['geist', 'inter', 'manrope']

/** Font preference → its Latin file in the build, which the server preloads with the page. */
function fontFiles(bundle) {
  return Object.fromEntries(
    FONTS.map((font) => {
      const re = new RegExp(`^assets/${font}-latin-wght-normal-[\\w-]+\\.woff2$`)
      const file = Object.keys(bundle).find((f) => re.test(f))
      if (!file) throw new Error(`No Latin file of the ${font} font in the build`)
      return [font, file]
    }),
  )
}

/** The Vite plugin: remembers the client build's chunks, then prerenders once it is written. */
export function prerender({ root, configFile }) {
  let ssr = false
  let outDir = 'dist'
  let mode = 'production'
  let bundle = null
  return {
    name: 'folio-prerender',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr)
      outDir = resolve(config.root, config.build.outDir)
      mode = config.mode
    },
    generateBundle(_options, out) {
      if (!ssr) bundle = out
    },
    // The app shell (index.html, which the service worker serves for every screen) fetches the
    // signed-in area's chunks with the entry, not after it has run: an installed app's cold start
    // is mostly the signed-in area. The public pages drop these links (fillTemplate).
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (ssr || !ctx.bundle || basename(ctx.filename) !== 'index.html') return
        const { byModule, closure, entry, dynamicImports } = chunkGraph(ctx.bundle)
        const signedIn = byModule.get(join(root, 'src/app/SignedInApp.tsx'))
        if (!entry || !signedIn) return
        const seen = closure(entry)
        const preload = (files, mark) =>
          [...files]
            .filter((f) => !seen.has(f) && seen.add(f))
            .map((f) => ({
              tag: 'link',
              attrs: {
                rel: 'modulepreload',
                crossorigin: true,
                href: `/${f}`,
                ...(mark ? { [SIGNED_IN_MARK]: true } : {}),
              },
              injectTo: 'head',
            }))
        // The entry imports the app's halves (src/main.tsx): every page needs them at once.
        const start = new Set((dynamicImports.get(entry) ?? []).flatMap((f) => [...closure(f)]))
        return [...preload(start, false), ...preload(closure(signedIn), true)]
      },
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (ssr || !bundle) return
        const started = Date.now()
        const ssrOut = join(root, '.build', 'prerender')
        const { build } = await import('vite')
        await build({
          configFile,
          mode,
          logLevel: 'warn',
          build: {
            ssr: join(root, 'src/prerender.tsx'),
            outDir: ssrOut,
            emptyOutDir: true,
            copyPublicDir: false,
          },
        })
        // No cache-busting query: the chunks import the entry back by its plain URL, and two copies of
        // it would hold two sets of loaded routes and messages.
        const mod = await import(pathToFileURL(join(ssrOut, 'prerender.js')).href)
        const { clientBundles } = await import('./messages.mjs')
        const pagesDir = join(outDir, 'pages')
        rmSync(pagesDir, { recursive: true, force: true })
        const afterPaint = Object.keys(bundle).find((f) => /^assets\/after-paint-\w+\.js$/.test(f))
        if (!afterPaint) throw new Error('The build has no after-paint starter')
        const template = readFileSync(join(outDir, 'index.html'), 'utf8')
        const docTemplate = readFileSync(join(outDir, 'd.html'), 'utf8')
        let count = 0
        for (const locale of mod.LOCALES) {
          mkdirSync(join(pagesDir, locale), { recursive: true })
          const noScript = await mod.noScriptText(locale)
          for (const [path, name] of PAGES) {
            const page = await mod.renderPage(path, locale)
            writeFileSync(
              join(pagesDir, locale, `${name}.html`),
              fillTemplate(template, page, noScript.app, `/${afterPaint}`),
            )
            count++
          }
          const shell = await mod.renderDocumentShell(locale)
          writeFileSync(
            join(pagesDir, locale, `${DOCUMENT_SHELL}.html`),
            fillTemplate(docTemplate, shell, noScript.doc, `/${afterPaint}`),
          )
          writeFileSync(
            join(pagesDir, locale, `${APP_SHELL}.html`),
            fillAppShell(template, shell, noScript.app, `/${afterPaint}`),
          )
          count += 2
        }
        const manifest = routeManifest({
          root,
          bundle,
          routes: mod.routes,
          locales: mod.LOCALES,
          bundles: clientBundles(),
        })
        writeFileSync(join(pagesDir, 'routes.json'), JSON.stringify(manifest))
        console.log(`prerendered ${count} pages in ${Date.now() - started} ms`)
      },
    },
  }
}
