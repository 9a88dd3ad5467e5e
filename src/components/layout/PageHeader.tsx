import type { ReactNode } from 'react'

export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string
  description?: ReactNode
  actions?: ReactNode
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0 break-words">
        <h1 className="text-2xl font-bold tracking-tight">
          <bdi>{title}</bdi>
        </h1>
        {description ? (
          <p className="mt-1 text-muted-foreground">
            <bdi>{description}</bdi>
          </p>
        ) : null}
      </div>
      {actions}
    </div>
  )
}
