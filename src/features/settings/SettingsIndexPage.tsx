import { Card } from '@/components/ui/card'
import { PreloadLink } from '@/components/ui/preload-link'
import { useT } from '@/lib/i18n'
import { settingsSections } from './components/SettingsNav'

export default function SettingsIndexPage() {
  const t = useT()
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {settingsSections.map((s) => (
        <Card key={s.href} className="p-5">
          <h2 className="font-semibold">
            <PreloadLink href={s.href} className="underline-offset-4 hover:underline">
              {t(s.label)}
            </PreloadLink>
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t(s.text)}</p>
        </Card>
      ))}
    </div>
  )
}
