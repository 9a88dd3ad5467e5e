// A lint rule: text people read goes through the message catalogue (src/lib/i18n), never as a
// literal in JSX. It reports JSX text with letters in it, and string literals (or templates) given
// to the attributes people read: aria-label, title, placeholder, alt and the app's own label props.
// Marks, digits and the product's name are fine as they are.

const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
  'legend',
  'description',
  'hint',
  'heading',
  'confirmLabel',
  'cancelLabel',
  'emptyText',
  'emptyTitle',
])

const ALLOWED = /^(Folio|Factur-X|XRechnung|ZUGFeRD|IBAN|BIC|PDF|CSV|XML|EN 16931|OK)$/
const hasWords = (text) => {
  const s = text.replace(/\s+/g, ' ').trim()
  return s !== '' && /\p{L}/u.test(s) && !ALLOWED.test(s)
}

const noJsxLiterals = {
  meta: {
    type: 'problem',
    docs: { description: 'Text in JSX goes through the message catalogue (t).' },
    messages: {
      text: 'Text "{{text}}" bypasses the message catalogue: use t(\'namespace.key\') (src/lib/i18n).',
      attribute:
        'The {{name}} "{{text}}" bypasses the message catalogue: use t(\'namespace.key\') (src/lib/i18n).',
    },
    schema: [],
  },
  create(context) {
    return {
      JSXText(node) {
        if (hasWords(node.value))
          context.report({
            node,
            messageId: 'text',
            data: { text: node.value.trim().slice(0, 40) },
          })
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : null
        if (!name || !READ_ATTRIBUTES.has(name) || !node.value) return
        let value = node.value
        if (value.type === 'JSXExpressionContainer') value = value.expression
        const text =
          value.type === 'Literal' && typeof value.value === 'string'
            ? value.value
            : value.type === 'TemplateLiteral'
              ? value.quasis.map((q) => q.value.cooked).join(' ')
              : null
        if (text !== null && hasWords(text))
          context.report({ node, messageId: 'attribute', data: { name, text: text.slice(0, 40) } })
      },
    }
  },
}

export default { rules: { 'no-jsx-literals': noJsxLiterals } }
