import { Fragment, type ReactNode } from 'react'
import type { MessageKey } from './keys'
import type { MessageValues } from './index'

const OPEN = '\uE000'
const CLOSE = '\uE001'

/**
 * A message with elements in it ("We sent a link to <strong>{email}</strong>."): element values
 * go in as markers, the translated sentence is split around them, so each language places them
 * where its grammar wants.
 *
 *   richText(t, 'settings.account.sentTo', { email: <strong>{email}</strong> })
 */
export function richText<K extends string = MessageKey>(
  translate: (key: K, values?: MessageValues) => string,
  key: K,
  values: Record<string, ReactNode>,
): ReactNode {
  const plain: MessageValues = {}
  const nodes: ReactNode[] = []
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string' || typeof value === 'number') plain[name] = value
    else {
      plain[name] = `${OPEN}${nodes.length}${CLOSE}`
      nodes.push(value)
    }
  }
  return translate(key, plain)
    .split(new RegExp(`${OPEN}(\\d+)${CLOSE}`))
    .map((part, i) => (i % 2 ? <Fragment key={i}>{nodes[Number(part)]}</Fragment> : part))
}
