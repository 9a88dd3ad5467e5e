import { Card } from '@/components/ui/card'
import { setLanguage, setPreference, usePreferences } from '@/lib/use-preferences'
import { LOCALE_NAMES, LOCALES, useT } from '@/lib/i18n'
import type { Direction } from '@/lib/preferences'
import { ChoiceGroup } from './components/ChoiceGroup'

const languages = LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value], lang: value }))

export default function DisplayPage() {
  const prefs = usePreferences()
  const t = useT()
  const directions: ReadonlyArray<{ value: Direction; label: string }> = [
    { value: 'ltr', label: t('settings.display.ltr') },
    { value: 'rtl', label: t('settings.display.rtl') },
  ]
  return (
    <Card className="grid gap-8">
      <ChoiceGroup
        legend={t('settings.display.language')}
        name="language"
        description={t('settings.display.languageHint')}
        value={prefs.language}
        options={languages}
        onChange={(v) => void setLanguage(v)}
      />
      <ChoiceGroup
        legend={t('settings.display.direction')}
        name="direction"
        description={t('settings.display.directionHint')}
        value={prefs.direction}
        options={directions}
        onChange={(v) => setPreference('direction', v)}
      />
      <section aria-labelledby="display-summary" className="grid gap-2 text-sm">
        <h2 id="display-summary" className="font-semibold">
          {t('settings.display.current')}
        </h2>
        <p className="text-muted-foreground">
          <bdi>
            {t('settings.display.summary', {
              theme: prefs.theme,
              font: prefs.font,
              direction: prefs.direction.toUpperCase(),
              language: LOCALE_NAMES[prefs.language],
            })}
          </bdi>
        </p>
      </section>
    </Card>
  )
}
