// Generates every PNG icon of the manifest from the one SVG source, public/favicon.svg.
// Run with `npm run icons` after changing the SVG; the PNGs are committed under public/icons.
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { Resvg } from '@resvg/resvg-js'

const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8')
const out = new URL('../public/icons/', import.meta.url)
mkdirSync(out, { recursive: true })

function render(source, size, name) {
  const png = new Resvg(source, { fitTo: { mode: 'width', value: size } }).render().asPng()
  writeFileSync(new URL(name, out), png)
  console.log(`${name}: ${png.length} B`)
}

render(svg, 192, 'icon-192.png')
render(svg, 512, 'icon-512.png')
render(svg, 180, 'apple-touch-icon.png')
// Maskable: the safe zone is the inner 80 %, so the glyph is shrunk onto a full-bleed background.
const maskable = svg
  .replace(
    '<rect width="512" height="512" rx="112" fill="#0a0a0b"/>',
    '<rect width="512" height="512" fill="#0a0a0b"/><g transform="translate(76.8 76.8) scale(0.7)">',
  )
  .replace('</svg>', '</g></svg>')
render(maskable, 512, 'icon-maskable-512.png')
