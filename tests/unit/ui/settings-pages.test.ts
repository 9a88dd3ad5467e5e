// The settings are split into pages a person can find: each is a route drawn in the settings
// layout, named in the browser tab, listed in the settings navigation, found by the command
// palette under "Settings", and named in all five languages.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { paths } from '@/config/paths'
import { jumpTargets, signedInPages, titleKeyOf } from '@/app/routes'
import { settingsSections } from '@/features/settings/components/SettingsNav'
import { offPageErrors } from '@/features/settings/components/BusinessForm'

const pages = [
  paths.settingsAccount,
  paths.settingsBusiness,
  paths.settingsBank,
  paths.settingsCardPayments,
  paths.settingsEInvoicing,
  paths.settingsMail,
  paths.settingsSecurity,
  paths.settingsData,
]

const catalogue = (lang: string, ns: string): Record<string, string> =>
  JSON.parse(readFileSync(`src/locales/${lang}/${ns}.json`, 'utf8')) as Record<string, string>

describe('the settings pages', () => {
  it('are routes in the settings layout, each with its own title', () => {
    const titles = pages.map((path) => {
      const row = signedInPages.find((r) => r.path === path)
      expect(row?.layout, path).toBeTruthy()
      return row && titleKeyOf(row)
    })
    expect(titles.every((k) => k?.startsWith('settings.nav.'))).toBe(true)
    expect(new Set(titles).size).toBe(pages.length)
  })

  it('are in the settings navigation and in the palette under Settings', () => {
    const nav = settingsSections.map((s) => s.href)
    for (const path of pages) {
      expect(nav, path).toContain(path)
      expect(
        jumpTargets.find((j) => j.href === path),
        path,
      ).toMatchObject({ area: 'shell.nav.settings' })
    }
    // The settings overview is the area itself, not one of its pages.
    expect(jumpTargets.find((j) => j.href === paths.settings)?.area).toBeUndefined()
  })

  it('have a name and a line about them in every language', () => {
    for (const lang of ['en', 'de', 'fr', 'es', 'ar']) {
      const words = catalogue(lang, 'settings')
      for (const s of settingsSections.filter((x) => x.label.startsWith('settings.'))) {
        expect(words[s.label.replace('settings.', '')], `${lang} ${s.label}`).toBeTruthy()
        expect(words[s.text.replace('settings.', '')], `${lang} ${s.text}`).toBeTruthy()
      }
      const names = pages.map((p) => {
        const key = settingsSections.find((s) => s.href === p)?.label ?? ''
        return words[key.replace('settings.', '')]
      })
      expect(new Set(names).size, lang).toBe(pages.length)
    }
  })
})

describe('a business settings page', () => {
  it("shows a refusal's fields of another page as lines of their own", () => {
    const errors = {
      company_vat_id: 'Enter a valid VAT ID.',
      company_city: 'Fill in the city to send e-invoices.',
      logo: '',
    }
    expect(offPageErrors('einvoicing', errors)).toEqual(['Fill in the city to send e-invoices.'])
    expect(offPageErrors('business', errors)).toEqual(['Enter a valid VAT ID.'])
  })
})
