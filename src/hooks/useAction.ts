import { useCallback, useEffect, useRef, useState } from 'react'

export interface ActionState<A extends unknown[], R> {
  /** Runs the action unless one is already in flight (a double tap does nothing and resolves undefined). */
  run: (...args: A) => Promise<R | undefined>
  busy: boolean
  error: unknown
}

/**
 * Single-flight for anything that writes or pays: one request per tap, `busy` for the disabled button
 * and spinner, the failure kept for the screen to show. The caller's form state is untouched on failure.
 */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>): ActionState<A, R> {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const inFlight = useRef(false)
  const mounted = useRef(true)
  const actionRef = useRef(action)
  actionRef.current = action

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const run = useCallback(async (...args: A) => {
    if (inFlight.current) return undefined
    inFlight.current = true
    setBusy(true)
    setError(null)
    try {
      return await actionRef.current(...args)
    } catch (e) {
      if (mounted.current) setError(e)
      return undefined
    } finally {
      inFlight.current = false
      if (mounted.current) setBusy(false)
    }
  }, [])

  return { run, busy, error }
}
