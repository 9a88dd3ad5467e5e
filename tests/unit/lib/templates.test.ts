import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderTemplate, type TemplateValues } from '@/billing/templates'

/** The send templates' cases, shared with the server (decide_template_test.go). */
const cases = JSON.parse(
  readFileSync(new URL('../../vectors/templates.json', import.meta.url), 'utf8'),
) as Array<{ name: string; template: string; values: TemplateValues; expected: string }>

describe('send templates (twin of renderTemplate)', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_, c) => {
    expect(renderTemplate(c.template, c.values)).toBe(c.expected)
  })
})
