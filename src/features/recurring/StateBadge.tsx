import { Badge, type BadgeTone } from '@/components/ui/badge'
import { useT } from '@/lib/i18n'
import type { TemplateState } from './api'

const TONES: Record<TemplateState, BadgeTone> = {
  active: 'success',
  paused: 'warning',
  ended: 'muted',
}

/** Active, paused or ended. */
export function StateBadge({ state }: { state: TemplateState }) {
  const t = useT()
  return <Badge tone={TONES[state]}>{t(`recurring.state.${state}`)}</Badge>
}
