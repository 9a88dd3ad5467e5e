import { Card } from '@/components/ui/card'
import { setPreference, usePreferences } from '@/lib/use-preferences'
import type { Direction } from '@/lib/preferences'
import { ChoiceGroup } from './components/ChoiceGroup'

const directions: ReadonlyArray<{ value: Direction; label: string }> = [
  { value: 'ltr', label: 'Left to right' },
  { value: 'rtl', label: 'Right to left' },
]

export default function DisplayPage() {
  const prefs = usePreferences()
  return (
    <Card className="grid gap-8">
      <ChoiceGroup
        legend="Text direction"
        name="direction"
        description="Right to left mirrors the layout for Arabic, Hebrew, Persian and Urdu."
        value={prefs.direction}
        options={directions}
        onChange={(v) => setPreference('direction', v)}
      />
      <section aria-labelledby="display-summary" className="grid gap-2 text-sm">
        <h2 id="display-summary" className="font-semibold">
          Current display
        </h2>
        <p className="text-muted-foreground">
          Theme: {prefs.theme} · Font: {prefs.font} · Direction: {prefs.direction.toUpperCase()}.
          These are kept on this device for a year.
        </p>
      </section>
    </Card>
  )
}
