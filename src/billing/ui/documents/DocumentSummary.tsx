import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { PendingBadge } from '@/billing/ui/StatusBadge'
import { recordPaths } from '@/config/paths'
import type { Customer } from '@/billing/types'

/**
 * The line under a quote's or an invoice's title: its status, "not saved yet" while it waits to
 * be sent, its customer (a link), then what only that kind says (`children`).
 */
export function DocumentSummary({
  badge,
  pending,
  customer,
  children,
}: {
  badge: ReactNode
  pending: boolean | undefined
  customer: Customer | undefined
  children?: ReactNode
}) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      {badge}
      {pending ? <PendingBadge /> : null}
      {customer ? (
        <Link
          href={recordPaths.customer(customer.id)}
          className="break-words underline underline-offset-4"
        >
          <bdi>{customer.name}</bdi>
        </Link>
      ) : null}
      {children}
    </span>
  )
}
