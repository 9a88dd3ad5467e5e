import { useCallback, useRef, useState } from 'react'

export type AsyncState<T> =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown }

/**
 * One async action with its state, for the public pages (sign-in, reset, verify), which stay out
 * of the data layer so the first visit loads less JavaScript. Signed-in screens use TanStack Query.
 */
export function useAsyncAction<A extends unknown[], T>(fn: (...args: A) => Promise<T>) {
  const [state, setState] = useState<AsyncState<T>>({ status: 'idle' })
  const latest = useRef(0)
  const run = useCallback(
    async (...args: A) => {
      const id = ++latest.current
      setState({ status: 'pending' })
      try {
        const data = await fn(...args)
        if (id === latest.current) setState({ status: 'success', data })
      } catch (error) {
        if (id === latest.current) setState({ status: 'error', error })
      }
    },
    [fn],
  )
  return [state, run] as const
}
