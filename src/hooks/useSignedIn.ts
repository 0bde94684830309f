import { useDidHide, useDidShow } from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { goToLogin, isLoggedIn } from '@/core/session'
import { useQuery, type QueryState } from '@/hooks/useQuery'

export interface SignedIn {
  signedIn: boolean
  /** Required mode while anonymous: where the login button brings the shopper back (LoadState's `loginTo`). */
  loginTo: string | undefined
  /** Read the login state again now (logged out on this very screen). */
  recheck: () => void
}

/**
 * Whether a shopper is logged in, read again every time the screen shows.
 * - Required mode (`returnTo` given): an anonymous first open goes to Authorization once, asking to come back
 *   to `returnTo`; a shopper who backs out sees the "log in first" state (`loginTo`).
 * - Optional mode (no `returnTo`): no redirect, the screen just knows (Me, Card tab, My orders tab).
 * `onReturn` runs on every show but the first while still signed in (a change of login state re-renders
 * instead, which is what the data behind it reacts to).
 */
export function useSignedIn(returnTo?: string, onReturn?: () => void): SignedIn {
  const [signedIn, setSignedIn] = useState(isLoggedIn)
  const current = useRef(signedIn)
  current.current = signedIn
  const onReturnRef = useRef(onReturn)
  onReturnRef.current = onReturn

  useEffect(() => {
    if (returnTo !== undefined && !current.current) goToLogin(returnTo)
    // Only on first open: a shopper who backs out of Authorization sees the "log in first" state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // The first show is the screen opening (its fetch is the mount's) — unless a hide came first: a part mounted
  // after its page was shown (a sheet) sees the page's return as its first show, which is a return (issue 24).
  const shows = useRef(0)
  const hidden = useRef(false)
  useDidHide(() => {
    hidden.current = true
  })
  useDidShow(() => {
    const first = shows.current++ === 0 && !hidden.current
    const now = isLoggedIn()
    if (now !== current.current) {
      current.current = now
      setSignedIn(now)
    } else if (!first && now) onReturnRef.current?.()
  })

  const recheck = useCallback(() => {
    current.current = isLoggedIn()
    setSignedIn(current.current)
  }, [])

  return { signedIn, loginTo: returnTo !== undefined && !signedIn ? returnTo : undefined, recheck }
}

export interface SignedInOptions {
  /** Required mode: the screen needs a shopper; come back here after logging in. Omitted: optional mode. */
  returnTo?: string
  /** Further condition to fetch (a valid id, another answer first). */
  enabled?: boolean
  /**
   * Ask the server again on every later show while signed in, even within the freshness window (data another
   * device or the server changes). Without it a return still asks in the background once the answer is no longer
   * fresh, or after a write (useQuery, src/core/cache.ts).
   */
  reloadOnReturn?: boolean
}

export type SignedInQuery<T> = QueryState<T> & SignedIn

/**
 * The one gated query: what only a logged-in shopper can read. Nothing is fetched (and nothing shown)
 * while anonymous; logging in (seen on the next show) fetches once; logging out hides the data. See
 * useSignedIn for required and optional mode. One required gate per screen: other gated queries on it
 * pass `enabled: first.signedIn` and no `returnTo` (one redirect, not two).
 */
export function useSignedInQuery<T>(
  fetcher: () => Promise<T>,
  deps: readonly unknown[],
  { returnTo, enabled = true, reloadOnReturn = false }: SignedInOptions = {},
  ready?: () => T | undefined,
): SignedInQuery<T> {
  const reload = useRef<(() => Promise<void>) | null>(null)
  const gate = useSignedIn(returnTo, reloadOnReturn && enabled ? () => void reload.current?.() : undefined)
  // `ready`: an answer already at hand as the screen mounts signed in (useQuery's; a page's first calls, issue 15).
  // The call sites' fetcher and deps are checked by lint (eslint.config.mjs, additionalHooks): handed on as they are.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useQuery(fetcher, deps, gate.signedIn && enabled, ready)
  reload.current = query.reload
  // Logged out: what was read for the shopper is not shown (a late answer neither).
  if (gate.signedIn) return { ...query, ...gate }
  return { data: undefined, loading: false, error: null, reload: query.reload, ...gate }
}
