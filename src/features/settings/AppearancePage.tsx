import { Card } from '@/components/ui/card'
import { setPreference, usePreferences } from '@/lib/use-preferences'
import type { Font, Theme } from '@/lib/preferences'
import { useT, type MessageKey } from '@/lib/i18n'
import { ChoiceGroup } from './components/ChoiceGroup'

const themes = [
  { value: 'dark', label: 'settings.appearance.themes.dark' },
  { value: 'light', label: 'settings.appearance.themes.light' },
  { value: 'system', label: 'settings.appearance.themes.system' },
] as const satisfies ReadonlyArray<{ value: Theme; label: MessageKey }>
/** Font names are names: only "System" is a word to translate. */
const fonts: ReadonlyArray<{ value: Font; label: string | null; sample: string }> = [
  { value: 'geist', label: 'Geist', sample: "'Geist Variable'" },
  { value: 'inter', label: 'Inter', sample: "'Inter Variable'" },
  { value: 'manrope', label: 'Manrope', sample: "'Manrope Variable'" },
  { value: 'system', label: null, sample: 'system-ui' },
]

export default function AppearancePage() {
  const prefs = usePreferences()
  const t = useT()
  return (
    <Card className="grid gap-8">
      <ChoiceGroup
        legend={t('settings.appearance.theme')}
        name="theme"
        description={t('settings.appearance.themeHint')}
        value={prefs.theme}
        options={themes.map((o) => ({ value: o.value, label: t(o.label) }))}
        onChange={(v) => setPreference('theme', v)}
      />
      <ChoiceGroup
        legend={t('settings.appearance.font')}
        name="font"
        description={t('settings.appearance.fontHint')}
        value={prefs.font}
        options={fonts.map((o) => ({
          ...o,
          label: o.label ?? t('settings.appearance.fonts.system'),
        }))}
        onChange={(v) => setPreference('font', v)}
      />
    </Card>
  )
}
