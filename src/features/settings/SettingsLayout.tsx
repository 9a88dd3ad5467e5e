import type { ReactNode } from 'react'
import { PageHeader } from '@/components/layout/PageHeader'
import { useT } from '@/lib/i18n'
import { SettingsNav } from './components/SettingsNav'

export default function SettingsLayout({ children }: { children: ReactNode }) {
  const t = useT()
  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      <div className="grid grid-cols-1 gap-6 md:grid-cols-[12rem_minmax(0,1fr)]">
        <SettingsNav />
        <div className="min-w-0">{children}</div>
      </div>
    </>
  )
}
