import { Card } from '@/components/ui/card'
import { setPreference, usePreferences } from '@/lib/use-preferences'
import type { Font, Theme } from '@/lib/preferences'
import { ChoiceGroup } from './components/ChoiceGroup'

const themes: ReadonlyArray<{ value: Theme; label: string }> = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
  { value: 'system', label: 'System' },
]
const fonts: ReadonlyArray<{ value: Font; label: string; sample: string }> = [
  { value: 'geist', label: 'Geist', sample: "'Geist Variable'" },
  { value: 'inter', label: 'Inter', sample: "'Inter Variable'" },
  { value: 'manrope', label: 'Manrope', sample: "'Manrope Variable'" },
  { value: 'system', label: 'System', sample: 'system-ui' },
]

export default function AppearancePage() {
  const prefs = usePreferences()
  return (
    <Card className="grid gap-8">
      <ChoiceGroup
        legend="Theme"
        name="theme"
        description="System follows your device's light or dark setting."
        value={prefs.theme}
        options={themes}
        onChange={(v) => setPreference('theme', v)}
      />
      <ChoiceGroup
        legend="Font"
        name="font"
        description="All fonts are bundled with the app, so they work offline."
        value={prefs.font}
        options={fonts}
        onChange={(v) => setPreference('font', v)}
      />
    </Card>
  )
}
