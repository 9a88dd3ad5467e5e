// npm run bench:pdf — the document PDF module: its size as Vite bundles it (a lazy chunk: the
// entry with what it imports statically, gzip -9), the chunks it could load later and the font
// files; then the median time over 5 runs to render the 3-page invoice of the PDF test, in Node.
// No server, no browser: `node bench/pdf.mjs`. BENCH_PDF_OUT=file.pdf keeps the rendered PDF.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import { build, createServer } from 'vite'
import { unusedModules } from '../scripts/unused-modules.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const entry = 'src/billing/pdf/index.ts'
const RUNS = 5
const alias = [{ find: '@', replacement: join(root, 'src') }, unusedModules]
const kb = (n) => `${n.toLocaleString('en')} B`

async function bundleSizes() {
  const outDir = mkdtempSync(join(tmpdir(), 'folio-bench-pdf-'))
  try {
    // The app's build settings for a chunk (target, no inlined assets), with this one entry and
    // nothing external: what `await import('@/billing/pdf')` fetches.
    await build({
      configFile: false,
      root,
      logLevel: 'silent',
      resolve: { alias },
      build: {
        outDir,
        emptyOutDir: true,
        target: 'es2022',
        assetsInlineLimit: 0,
        manifest: true,
        modulePreload: false,
        rolldownOptions: { input: join(root, entry), preserveEntrySignatures: 'exports-only' },
      },
    })
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'))
    const gz = (file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length
    const raw = (file) => statSync(join(outDir, file)).size
    // The entry and its static imports load together; dynamic imports only when asked for.
    const load = new Set()
    const later = new Set()
    const walk = (key) => {
      const chunk = manifest[key]
      if (!chunk || load.has(chunk.file)) return
      load.add(chunk.file)
      for (const k of chunk.imports ?? []) walk(k)
      for (const k of chunk.dynamicImports ?? []) later.add(k)
    }
    walk(entry)
    const laterFiles = [...later].map((k) => manifest[k].file).filter((f) => !load.has(f))
    const assets = new Set(Object.values(manifest).flatMap((c) => c.assets ?? []))
    const sum = (files, f) => files.reduce((n, file) => n + f(file), 0)
    return {
      js: { files: load.size, raw: sum([...load], raw), gz: sum([...load], gz) },
      later: laterFiles.map((file) => ({ file, gz: gz(file) })),
      fonts: [...assets].map((file) => ({ file, raw: raw(file), gz: gz(file) })),
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

async function renderTimes() {
  // Vite's SSR loader runs the TypeScript module and the test fixture as they are (alias, ?url).
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    appType: 'custom',
    resolve: { alias },
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  })
  try {
    const pdf = await server.ssrLoadModule(`/${entry}`)
    const fixture = await server.ssrLoadModule('/tests/unit/lib/pdf-fixture.ts')
    const doc = fixture.invoiceFixture()
    const font = fixture.fixtureFonts()
    const render = () => pdf.renderDocumentPdf(doc, { paper: 'a4', font })
    const first = await render() // warm-up, not counted
    if (process.env.BENCH_PDF_OUT) writeFileSync(process.env.BENCH_PDF_OUT, first)
    const times = []
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now()
      await render()
      times.push(performance.now() - t0)
    }
    times.sort((a, b) => a - b)
    const pages = new TextDecoder('latin1').decode(first).match(/\/Type \/Page\b/g)?.length ?? 0
    return { times, bytes: first.length, pages, lines: doc.items.length }
  } finally {
    await server.close()
  }
}

const size = await bundleSizes()
console.log(`PDF module (${entry}), built by Vite for the browser:`)
console.log(
  `  loads with it: ${size.js.files} JS file(s), ${kb(size.js.raw)} raw, ${kb(size.js.gz)} gzip`,
)
for (const c of size.later) {
  console.log(`  loaded only by jsPDF's html()/SVG paths, never here: ${c.file} ${kb(c.gz)} gzip`)
}
for (const f of size.fonts) {
  console.log(`  font asset ${f.file}: ${kb(f.raw)} raw, ${kb(f.gz)} gzip (fetched on first PDF)`)
}

const r = await renderTimes()
const median = r.times[Math.floor(r.times.length / 2)]
console.log(
  `Render, ${r.lines}-line invoice (${r.pages} pages, ${kb(r.bytes)}), A4, Node ${process.version}:`,
)
console.log(
  `  median ${median.toFixed(1)} ms over ${RUNS} runs (min ${r.times[0].toFixed(1)}, max ${r.times.at(-1).toFixed(1)})`,
)
