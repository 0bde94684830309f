import { useCallback, useEffect, useRef, useState } from 'react'

export interface Loaded<T> {
  data: T | undefined
  error: string | null
  loading: boolean
  reload: () => void
}

/**
 * A screen's read: loading until the first answer, the error's words on failure (with reload), the last answer kept
 * while a new one (another page, a filter) comes. An answer that arrives after a newer request is dropped.
 */
export function useLoad<T>(read: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined)
  const [error, setError] = useState<string | null>(null)
  const [loading, setLoading] = useState(true)
  const [round, setRound] = useState(0)
  const latest = useRef(0)
  useEffect(() => {
    const mine = ++latest.current
    setLoading(true)
    read().then(
      (value) => {
        if (mine !== latest.current) return
        setData(value)
        setError(null)
        setLoading(false)
      },
      (e: unknown) => {
        if (mine !== latest.current) return
        setError(e instanceof Error ? e.message : String(e))
        setLoading(false)
      },
    )
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round])
  const reload = useCallback(() => setRound((n) => n + 1), [])
  return { data, error, loading, reload }
}

/**
 * A writing action that runs once at a time: `run` does nothing while one is under way; `busy` for the button.
 */
export function useSingleFlight(): { busy: boolean; run: (work: () => Promise<void>) => Promise<void> } {
  const [busy, setBusy] = useState(false)
  const flying = useRef(false)
  const run = useCallback(async (work: () => Promise<void>) => {
    if (flying.current) return
    flying.current = true
    setBusy(true)
    try {
      await work()
    } finally {
      flying.current = false
      setBusy(false)
    }
  }, [])
  return { busy, run }
}
