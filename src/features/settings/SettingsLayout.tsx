import type { ReactNode } from 'react'
import { PageHeader } from '@/components/layout/PageHeader'
import { SettingsNav } from './components/SettingsNav'

export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHeader title="Settings" description="Manage your account and how Folio looks." />
      <div className="grid gap-6 md:grid-cols-[12rem_1fr]">
        <SettingsNav />
        <div className="min-w-0">{children}</div>
      </div>
    </>
  )
}
