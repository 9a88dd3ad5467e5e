import type { ReactNode } from 'react'
import { useRouteTitle } from '@/components/layout/document-title'

export function ErrorLayout({
  code,
  title,
  children,
  actions,
}: {
  code: string
  title: string
  children: ReactNode
  actions: ReactNode
}) {
  useRouteTitle(title)
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-8xl font-bold tracking-tight" aria-hidden>
        {code}
      </p>
      <h1 className="text-2xl font-semibold">
        <span className="sr-only">{code} </span>
        {title}
      </h1>
      <div className="max-w-md text-muted-foreground">{children}</div>
      <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div>
    </main>
  )
}
