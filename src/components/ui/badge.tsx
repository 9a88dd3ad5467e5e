import type { ReactNode } from 'react'
import { cn } from './cn'

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'muted'

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-muted text-foreground',
  info: 'bg-blue-500/15 text-blue-700 dark:text-blue-300',
  success: 'bg-green-500/15 text-green-700 dark:text-green-300',
  warning: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  danger: 'bg-red-500/15 text-red-700 dark:text-red-300',
  muted: 'bg-muted text-muted-foreground line-through',
}

export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        tones[tone],
      )}
    >
      {children}
    </span>
  )
}
