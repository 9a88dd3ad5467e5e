import { useRouteTitle } from '@/components/layout/document-title'
import type { ReactNode } from 'react'
import { Card } from '@/components/ui/card'
import { BrandLink } from '@/components/layout/BrandLink'

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
      <BrandLink />
      <Card className="w-full max-w-sm">
        <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </Card>
      {footer ? <div className="text-sm text-muted-foreground">{footer}</div> : null}
    </main>
  )
}
