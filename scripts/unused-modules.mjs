// Modules a dependency imports on demand that Folio never runs: jsPDF's html() and SVG plugins
// (html2canvas, DOMPurify, canvg). vite.config.ts and bench/pdf.mjs point them at a stub that
// throws (src/billing/pdf/unused.ts), so they are never built, shipped or precached.
import { fileURLToPath } from 'node:url'

export const unusedModules = {
  find: /^(html2canvas|dompurify|canvg)$/,
  replacement: fileURLToPath(new URL('../src/billing/pdf/unused.ts', import.meta.url)),
}
