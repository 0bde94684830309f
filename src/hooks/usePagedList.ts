import { useCallback, useEffect, useRef, useState } from 'react'
import type { Paged } from '@/contract/paging'
import { askAgain } from '@/core/cache'
import { useLang } from '@/core/i18n'
import { useAskAgainOnReturn } from './useAskAgainOnReturn'

export type PagedFetcher<T> = (page: number, pageSize: number) => Promise<Paged<T>>

export interface PagedListState<T> {
  items: T[]
  /** First page loading (show the skeleton). */
  loading: boolean
  /** Next page loading (show the footer spinner). */
  loadingMore: boolean
  refreshing: boolean
  error: unknown
  hasMore: boolean
  /** Loaded once with nothing to show. */
  empty: boolean
  refresh: () => Promise<void>
  loadMore: () => Promise<void>
  retry: () => Promise<void>
}

interface Options<T> {
  pageSize?: number
  /** Identity of a row: pages that overlap (new rows arrived meanwhile) never show a row twice. */
  keyOf: (item: T) => string | number
  enabled?: boolean
  /**
   * The first page when it is already at hand (the request client's kept answers, src/core/cache.ts; a page's first
   * calls, issue 15) — shown in that render (the mount's, or a dep's change), and asked again in the background.
   */
  ready?: (pageSize: number) => Paged<T> | undefined
}

/**
 * A paginated list: first load, pull-to-refresh, infinite scroll. Only the newest request may write the
 * list (a slow old page never lands on top of a newer filter), and one page is fetched at a time. Shown again (or a
 * write while it shows) it asks for page 1 in the background (served by the client while fresh) and swaps it in only
 * when it differs — the pages scrolled to stay otherwise.
 */
/** `deps`: reload from page 1 whenever one of these changes (filters, tab) — or the shopper's language. */
export function usePagedList<T>(fetcher: PagedFetcher<T>, deps: readonly unknown[], { pageSize = 10, keyOf, enabled = true, ready }: Options<T>): PagedListState<T> {
  const [first] = useState(() => (enabled && ready ? ready(pageSize) : undefined))
  const [items, setItems] = useState<T[]>(() => (first ? dedupe(first.list, keyOf) : []))
  const [page, setPage] = useState(first ? 1 : 0)
  const [total, setTotal] = useState(first ? first.total : 0)
  const [loading, setLoading] = useState(enabled && !first)
  const [loadingMore, setLoadingMore] = useState(false)
  const [refreshing, setRefreshing] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [loaded, setLoaded] = useState(Boolean(first))
  const firstRun = useRef<{ at: Paged<T> | undefined } | null>({ at: first })
  /** Page 1 as last shown (a background answer the same as it changes nothing). */
  const shownFirst = useRef(first ? JSON.stringify(first) : '')

  const generation = useRef(0)
  const inFlight = useRef(false)
  const fetcherRef = useRef(fetcher)
  fetcherRef.current = fetcher
  const keyRef = useRef(keyOf)
  keyRef.current = keyOf
  const readyRef = useRef(ready)
  readyRef.current = ready

  // Plain promise callbacks rather than async functions: this hook is on Home's first load, and they compile
  // to far less than the regenerator code an async function becomes for the older browsers.
  const fetchPage = useCallback((n: number) => new Promise<Paged<T>>((resolve) => resolve(fetcherRef.current(n, pageSize))), [pageSize])

  const show = useCallback((res: Paged<T>) => {
    shownFirst.current = JSON.stringify(res)
    setItems(dedupe(res.list, keyRef.current))
    setPage(1)
    setTotal(res.total)
    setLoaded(true)
  }, [])

  // 'quiet': in the background (no skeleton or spinner; a failure keeps what is shown). 'refresh': past kept answers.
  const loadFirst = useCallback(
    (mode: 'initial' | 'refresh' | 'quiet'): Promise<void> => {
      const quiet = mode === 'quiet'
      const gen = ++generation.current
      inFlight.current = true
      if (mode === 'initial') setLoading(true)
      if (mode === 'refresh') setRefreshing(true)
      if (!quiet) setError(null)
      const done = () => {
        inFlight.current = false
        setLoading(false)
        setRefreshing(false)
      }
      return (mode === 'refresh' ? askAgain(() => fetchPage(1)) : fetchPage(1)).then(
        (res) => {
          if (gen !== generation.current) return
          if (!quiet || JSON.stringify(res) !== shownFirst.current) show(res)
          done()
        },
        (e: unknown) => {
          if (gen !== generation.current) return
          if (!quiet) setError(e)
          done()
        },
      )
    },
    [fetchPage, show],
  )

  const hasMore = loaded && items.length < total

  const loadMoreNow = useCallback((): Promise<void> => {
    if (inFlight.current || !hasMore) return Promise.resolve()
    const gen = generation.current
    inFlight.current = true
    setLoadingMore(true)
    const done = () => {
      inFlight.current = false
      setLoadingMore(false)
    }
    return fetchPage(page + 1).then(
      (res) => {
        if (gen !== generation.current) return
        setItems((prev) => dedupe(prev.concat(res.list), keyRef.current))
        setPage(page + 1)
        setTotal(res.total)
        done()
      },
      (e: unknown) => {
        if (gen !== generation.current) return
        setError(e)
        done()
      },
    )
  }, [fetchPage, hasMore, page])

  // Scrolling on after a failed page does not hammer the server: only an explicit retry asks again.
  const loadMore = useCallback((): Promise<void> => (error ? Promise.resolve() : loadMoreNow()), [error, loadMoreNow])

  // The inputs by value, and the shopper's language (useQuery). The call sites' `deps` are checked by lint.
  const own = JSON.stringify(deps)
  const inputs = JSON.stringify([useLang(), own])
  const lastRun = useRef('')
  useEffect(() => {
    if (!enabled) {
      lastRun.current = ''
      return
    }
    // The first run: page 1 came from `ready` already. Later (a dep changed): a page 1 at hand shows at once; only
    // the language changed, what is shown stays until its words swap in (nothing shown yet: the page on its way, or
    // the failure with its retry, stays).
    const at = firstRun.current ? firstRun.current.at : readyRef.current?.(pageSize)
    const sameList = lastRun.current === own
    if (sameList && !at && shownFirst.current === '') return
    firstRun.current = null
    lastRun.current = own
    if (at) {
      show(at)
      setLoading(false)
    }
    void loadFirst(at || sameList ? 'quiet' : 'initial')
  }, [enabled, loadFirst, show, pageSize, inputs, own])

  // Not while a page is on its way (a next page, a refresh): that one is the newer word.
  useAskAgainOnReturn(enabled, () => inFlight.current || void loadFirst('quiet'))

  const refresh = useCallback(() => loadFirst('refresh'), [loadFirst])
  // A failed first page retries from scratch; a failed later page retries that page.
  const retry = useCallback((): Promise<void> => {
    if (!loaded) return loadFirst('initial')
    setError(null)
    return loadMoreNow()
  }, [loaded, loadFirst, loadMoreNow])

  return {
    items,
    loading,
    loadingMore,
    refreshing,
    error,
    hasMore,
    empty: loaded && !loading && items.length === 0 && !error,
    refresh,
    loadMore,
    retry,
  }
}

function dedupe<T>(list: T[], keyOf: (item: T) => string | number): T[] {
  const seen = new Set<string | number>()
  return list.filter((item) => {
    const k = keyOf(item)
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}
