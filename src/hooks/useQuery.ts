import { useCallback, useEffect, useRef, useState } from 'react'
import { askAgain } from '@/core/cache'
import { useLang } from '@/core/i18n'
import { useAskAgainOnReturn } from './useAskAgainOnReturn'

export interface QueryState<T> {
  data: T | undefined
  loading: boolean
  error: unknown
  /** Ask the server again (pull to refresh, retry): kept answers are not used. */
  reload: () => Promise<void>
}

/**
 * Load one thing for a screen; only the newest answer is kept when inputs change quickly. `ready`: an answer already
 * at hand (the request client's kept answers, src/core/cache.ts; a page's first calls, issue 15) — shown in that
 * render, no skeleton, and asked again in the background (the client serves it while fresh: no request). The screen
 * shown again, or a write while it shows, asks again the same way; a background answer swaps in when it differs.
 */
export function useQuery<T>(fetcher: () => Promise<T>, deps: readonly unknown[], enabled = true, ready?: () => T | undefined): QueryState<T> {
  const [data, setData] = useState<T | undefined>(() => (enabled && ready ? ready() : undefined))
  const [loading, setLoading] = useState(enabled && data === undefined)
  const [error, setError] = useState<unknown>(null)
  const generation = useRef(0)
  const fetcherRef = useRef(fetcher)
  fetcherRef.current = fetcher
  // `quiet`: in the background, what is shown stays (no skeleton; a failure keeps it). `again`: past kept answers.
  const load = useCallback((quiet?: boolean, again?: boolean): Promise<void> => {
    const gen = ++generation.current
    if (!quiet) {
      setLoading(true)
      setError(null)
    }
    // Only the newest call may write (plain promise callbacks: this hook is on Home's first load).
    const settle = (write: () => void) => {
      if (gen !== generation.current) return
      write()
      setLoading(false)
    }
    return new Promise<T>((resolve) => resolve(again ? askAgain(fetcherRef.current) : fetcherRef.current())).then(
      (value) => settle(() => setData(value)),
      (e: unknown) => settle(() => quiet || setError(e)),
    )
  }, [])

  // The inputs by value, and the shopper's language (every call carries it: the server answers in it). The call
  // sites' `deps` are checked by lint (eslint.config.mjs, additionalHooks).
  const own = JSON.stringify(deps)
  const inputs = JSON.stringify([useLang(), own])
  const want = enabled ? inputs : ''
  // Inputs changed: an answer at hand shows in this very render (no skeleton frame), and is checked in the background;
  // so is what is shown when only the language changed (its words swap in).
  const [asked, setAsked] = useState(() => ({ want, own, hit: data !== undefined }))
  if (asked.want !== want) {
    const at = enabled && ready ? ready() : undefined
    setAsked({ want, own, hit: at !== undefined || (enabled && asked.want !== '' && asked.own === own && data !== undefined) })
    if (at !== undefined) {
      setData(at)
      setLoading(false)
      setError(null)
    }
  }
  const hit = useRef(asked.hit)
  hit.current = asked.hit
  useEffect(() => {
    if (enabled) void load(hit.current)
  }, [enabled, load, inputs])

  useAskAgainOnReturn(enabled, () => load(true))

  const reload = useCallback(() => load(false, true), [load])
  return { data, loading, error, reload }
}
