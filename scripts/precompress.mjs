// Writes a Brotli copy (name.br, quality 11) of each text file of the build. The server sends it
// to browsers that accept Brotli (every current one), so a first visit downloads about a sixth
// less than with gzip made on the fly; other clients still get gzip (server/internal/spa).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'

/** The text formats the server compresses (server/internal/spa/decide_static.go). */
const TEXT = /\.(html|js|mjs|css|json|webmanifest|svg|txt|xml|ico|wasm)$/
/** Below this the server does not compress either: the encoding's overhead wins. */
const MIN_BYTES = 512

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (entry.isFile()) yield path
  }
}

/** Compresses the build in `dir`; returns how many files and bytes before and after. */
export function precompressDir(dir) {
  let count = 0
  let before = 0
  let after = 0
  for (const path of files(dir)) {
    if (!TEXT.test(path) || statSync(path).size < MIN_BYTES) continue
    const data = readFileSync(path)
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    })
    // Not worth a second copy when Brotli barely helps.
    if (br.length >= data.length * 0.95) continue
    writeFileSync(`${path}.br`, br)
    count++
    before += data.length
    after += br.length
  }
  return { count, before, after }
}

/** Vite plugin: runs after every other plugin has written the build (the service worker too). */
export function precompress() {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const { count, before, after } = precompressDir(outDir)
        this.info?.(`brotli: ${count} files, ${before} B → ${after} B`)
      },
    },
  }
}
