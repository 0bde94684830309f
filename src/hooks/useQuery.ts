import { useCallback, useEffect, useRef, useState } from 'react'

export interface QueryState<T> {
  data: T | undefined
  loading: boolean
  error: unknown
  reload: () => Promise<void>
}

/**
 * Load one thing for a screen; only the newest answer is kept when inputs change quickly. `ready`: an answer
 * already at hand when the screen mounts (Home's first calls, issue 15) — shown in the first render, not asked again
 * until an input changes.
 */
export function useQuery<T>(fetcher: () => Promise<T>, deps: readonly unknown[], enabled = true, ready?: () => T | undefined): QueryState<T> {
  const [data, setData] = useState<T | undefined>(() => (enabled && ready ? ready() : undefined))
  const skipFirst = useRef(data !== undefined)
  const [loading, setLoading] = useState(enabled && !skipFirst.current)
  const [error, setError] = useState<unknown>(null)
  const generation = useRef(0)
  const fetcherRef = useRef(fetcher)
  fetcherRef.current = fetcher

  const load = useCallback((): Promise<void> => {
    const gen = ++generation.current
    setLoading(true)
    setError(null)
    // Only the newest call may write (plain promise callbacks: this hook is on Home's first load).
    const settle = (write: () => void) => {
      if (gen !== generation.current) return
      write()
      setLoading(false)
    }
    return new Promise<T>((resolve) => resolve(fetcherRef.current())).then(
      (value) => settle(() => setData(value)),
      (e: unknown) => settle(() => setError(e)),
    )
  }, [])

  useEffect(() => {
    if (skipFirst.current) skipFirst.current = false
    else if (enabled) void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, load, ...deps])

  return { data, loading, error, reload: load }
}
