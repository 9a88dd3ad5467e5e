import { useRouteTitle } from '@/components/layout/document-title'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { Card } from '@/components/ui/card'

export function AuthLayout({
  title,
  description,
  children,
  footer,
}: {
  title: string
  description?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  useRouteTitle(title)
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 p-4">
      <Link href="~/" className="flex items-center gap-2 text-lg font-semibold">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        Folio
      </Link>
      <Card className="w-full max-w-sm">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </Card>
      {footer ? <div className="text-sm text-muted-foreground">{footer}</div> : null}
    </main>
  )
}
