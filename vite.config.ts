/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin, type PluginOption } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa'
import { build as rolldownBuild } from 'rolldown'
import { unusedModules } from './scripts/unused-modules.mjs'
import { messages } from './scripts/messages.mjs'
import { precompress } from './scripts/precompress.mjs'
import { prerender } from './scripts/prerender.mjs'

const root = fileURLToPath(new URL('.', import.meta.url))
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string
}
/** Shown in the app; FOLIO_BUILD_LABEL marks a build (the PWA update test makes a second one). */
const appVersion = process.env.FOLIO_BUILD_LABEL ?? pkg.version
const serverPort = process.env.PORT ?? '8090'
const serverOrigin = `http://127.0.0.1:${serverPort}`

/** The one source of the web app manifest. */
const manifest = JSON.parse(
  readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
) as Partial<ManifestOptions>

/** A TypeScript file built as a tiny classic script with a content-hashed name. */
function classicScript(entry: string, name: string) {
  const script = { code: '', fileName: '' }
  return Object.assign(script, {
    async compile() {
      const out = await rolldownBuild({
        input: entry,
        write: false,
        output: { format: 'iife', minify: true },
      })
      script.code = out.output[0].code
      script.fileName = `assets/${name}-${createHash('sha256').update(script.code).digest('hex').slice(0, 8)}.js`
    },
  })
}

/**
 * The two classic scripts the HTML loads by themselves (an inline script would need
 * 'unsafe-inline' in the CSP; an external one does not):
 *   - src/boot/prefs.ts, first in <head> and render-blocking: it applies the theme, font and
 *     direction cookies before first paint (the server drops it when it has applied them);
 *   - src/boot/after-paint.ts, which the prerendered pages load with `defer`
 *     (scripts/prerender.mjs): it starts the app's modules once the page has been painted.
 */
function classicScripts(): Plugin {
  const prefs = classicScript(`${root}src/boot/prefs.ts`, 'prefs')
  const afterPaint = classicScript(`${root}src/boot/after-paint.ts`, 'after-paint')
  return {
    name: 'classic-scripts',
    async buildStart() {
      await Promise.all([prefs.compile(), afterPaint.compile()])
    },
    configureServer(server) {
      // The customer's document page is its own HTML entry (the server does the same).
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/d\/[^/?#]+\/?(?:[?#].*)?$/.test(req.url)) req.url = '/d.html'
        next()
      })
      server.middlewares.use('/@prefs-boot.js', (_req, res) => {
        void prefs.compile().then(() => {
          res.setHeader('Content-Type', 'text/javascript')
          res.end(prefs.code)
        })
      })
    },
    generateBundle() {
      for (const s of [prefs, afterPaint])
        this.emitFile({ type: 'asset', fileName: s.fileName, source: s.code })
    },
    transformIndexHtml: {
      order: 'pre',
      handler(_html, ctx) {
        // The customer's page (d.html) has no preferences: it is always the light sheet.
        if (ctx.filename.endsWith('d.html')) return []
        const src = ctx.server ? '/@prefs-boot.js' : `/${prefs.fileName}`
        return [{ tag: 'script', attrs: { src }, injectTo: 'head-prepend' }]
      },
    },
  }
}

/** The plugins of the browser's build (the SSR build of the prerendering leaves them out). */
function clientPlugins(): PluginOption[] {
  return [
    classicScripts(),
    tailwindcss(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'robots.txt', 'icons/*.png'],
      workbox: {
        // ttf: the PDF's embedded fonts, so a PDF can be made offline.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2,ttf}'],
        // Only the scripts people read precache: the Latin subsets of every font preference. The
        // prerendered pages are for first visits; the service worker serves the shell (index.html).
        globIgnores: [
          '**/*-{cyrillic,cyrillic-ext,greek,greek-ext,vietnamese}-*.woff2',
          'pages/**',
        ],
        navigateFallback: 'index.html',
        // /d/… is the customer's page (d.html), served by the server, never the app shell.
        navigateFallbackDenylist: [/^\/api\//, /^\/_\//, /^\/d\//],
        cleanupOutdatedCaches: true,
      },
    }),
    // Last: compresses what every plugin above wrote.
    precompress(),
    // After the build is written: the public pages as HTML, in every language.
    prerender({ root, configFile: `${root}vite.config.ts` }),
  ]
}

export default defineConfig(({ isSsrBuild }) => ({
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  resolve: {
    alias: [
      { find: '@', replacement: `${root}src` },
      { find: '@machines', replacement: `${root}machines` },
      unusedModules,
      // React's own useSyncExternalStore instead of the shim for older Reacts (see the module).
      {
        find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
        replacement: `${root}src/lib/use-sync-external-store.ts`,
      },
      {
        find: /^use-sync-external-store\/shim\/with-selector(?:\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
    ],
  },
  plugins: [
    messages(),
    react(),
    // The prerendering's own (SSR) build needs only the code: no HTML, service worker or copies.
    ...(isSsrBuild ? [] : clientPlugins()),
  ],

  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: serverOrigin, changeOrigin: false },
      '/_': { target: serverOrigin, changeOrigin: false },
    },
  },
  test: {
    // The machines are shared and noisy: a jsdom test that takes 0.5 s alone can take several
    // under load. A timeout is a hang detector here, not a speed check.
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'machines',
          environment: 'node',
          include: [
            'tests/unit/machines/**/*.test.ts',
            'tests/unit/lib/**/*.test.ts',
            'tests/unit/billing/**/*.test.ts',
          ],
          setupFiles: ['tests/unit/i18n-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/unit/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/unit/i18n-setup.ts', 'tests/unit/ui/setup.ts'],
        },
      },
    ],
  },
  build: {
    target: 'es2022',
    // Fonts and images stay files: the CSP allows no data: fonts, and the service worker precaches them.
    assetsInlineLimit: 0,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // No preload helper around dynamic imports (nor its lists of each chunk's dependencies, ~1.3 KB
    // of Brotli on every first visit): the server modulepreloads the first screen's chunks with
    // the page (pages/routes.json), index.html lists the signed-in area's, and the service worker
    // precaches every chunk, so a later screen's imports come from the cache. One style sheet,
    // linked by the HTML: no chunk has a style sheet of its own to load with it.
    modulePreload: false,
    cssCodeSplit: false,
    rollupOptions: {
      // The app, and the customer's document page, which loads none of the app.
      input: isSsrBuild
        ? `${root}src/prerender.tsx`
        : { main: `${root}index.html`, d: `${root}d.html` },
      // Fewer files: the small chunks that automatic splitting makes for code shared by a few
      // routes are copied into the chunks that read them (a runtime registry keeps one state and
      // one execution per module). The dashboard's first visit went from 48 files to 24, the
      // sign-in page's from 29 to 14; each file is a request over HTTP/1.1 and a service worker
      // round trip offline. Style sheets stay files.
      preserveEntrySignatures: isSsrBuild ? undefined : false,
      output: isSsrBuild
        ? undefined
        : {
            codeSplitting: {
              experimentalInlineCommonChunks: { maxSize: 8192, exclude: /\.css(\?|$)/ },
            },
          },
    },
  },
}))
