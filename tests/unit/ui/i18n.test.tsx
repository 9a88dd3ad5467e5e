// The catalogue's runtime: a language switch re-renders what is on screen, documents speak their
// customer's language whatever the interface speaks, and elements sit inside translated sentences.
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import {
  docTranslator,
  ensureForeignBundle,
  getLocale,
  richText,
  setLocale,
  t,
  translatorFor,
  useT,
  type MessageKey,
} from '@/lib/i18n'
import { formatMoney, formatDate } from '@/billing/format'

const KEY: MessageKey = 'settings.display.language'

function Label() {
  const tr = useT()
  return <h1>{tr(KEY)}</h1>
}

afterEach(async () => {
  await act(() => setLocale('en'))
})

describe('i18n runtime', () => {
  it('a language switch loads the messages, then re-renders the screen in the new language', async () => {
    render(<Label />)
    expect(screen.getByRole('heading')).toHaveTextContent('Language')
    await act(() => setLocale('de'))
    expect(getLocale()).toBe('de')
    expect(document.documentElement.lang).toBe('de')
    expect(screen.getByRole('heading')).toHaveTextContent('Sprache')
    await act(() => setLocale('ar'))
    expect(screen.getByRole('heading').textContent).not.toBe('Language')
    expect(screen.getByRole('heading').textContent).toMatch(/\p{Script=Arabic}/u)
  })

  it('money and dates follow the interface language', async () => {
    expect(formatMoney(123456, 'EUR')).toBe('€1,234.56')
    await setLocale('de')
    expect(formatMoney(123456, 'EUR')).toBe('1.234,56\u00a0€')
    expect(formatDate('2026-03-05')).toBe('05.03.2026')
    await setLocale('fr')
    expect(formatMoney(123456, 'EUR')).toBe('1\u202f234,56\u00a0€')
    await setLocale('ar')
    // Arabic keeps Latin digits, like the IBANs and numbers around the amounts.
    expect(formatMoney(123456, 'EUR')).toMatch(/1,234\.56|1٬234٫56|1234/)
    expect(formatMoney(123456, 'EUR')).not.toMatch(/[٠-٩]/)
  })

  it('a document speaks its own language, whatever the interface speaks', async () => {
    await setLocale('de')
    const fr = await docTranslator('fr')
    const en = translatorFor('en')
    expect(getLocale()).toBe('de')
    expect(t(KEY)).toBe('Sprache')
    expect(en(KEY)).toBe('Language')
    expect(typeof fr).toBe('function')
  })

  it('a bundle only other languages need loads with the switch, not in English', async () => {
    // The server's refusals said again: English shows the server's own sentence.
    await ensureForeignBundle('refusals')
    await setLocale('de')
    expect(t('server.pocketbase.forbidden')).toBe('Sie dürfen diese Anfrage nicht ausführen.')
    await setLocale('fr')
    expect(t('server.pocketbase.forbidden')).not.toBe(
      'You are not allowed to perform this request.',
    )
    expect(t('server.pocketbase.forbidden')).not.toBe('Sie dürfen diese Anfrage nicht ausführen.')
  })

  it('places elements inside a translated sentence', () => {
    const fake = (_key: string, values?: Record<string, string | number>) =>
      `Sent to ${String(values?.email)} today`
    render(<p>{richText(fake, 'x', { email: <strong>ada@example.com</strong> })}</p>)
    expect(screen.getByText('ada@example.com').tagName).toBe('STRONG')
    expect(screen.getByText(/Sent to/)).toHaveTextContent('Sent to ada@example.com today')
  })

  it('an unknown key shows itself rather than nothing', () => {
    expect(t('settings.nope' as MessageKey)).toBe('settings.nope')
  })
})
