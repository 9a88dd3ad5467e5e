// jsPDF's html() and SVG plugins import html2canvas, DOMPurify and canvg on demand. Folio's PDF
// draws text and shapes only, so vite.config.ts points those imports here: they are never built,
// shipped or precached. Calling one of those plugins would fail loudly.
const unused = new Proxy(
  {},
  {
    get() {
      throw new Error('This jsPDF plugin is not part of Folio’s build')
    },
  },
)
export default unused
