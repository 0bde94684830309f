import { useCallback, useEffect, useRef, useState } from 'react'
import type { Paged } from '@/contract/paging'

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
  /** Reload from page 1 whenever one of these changes (filters, tab). */
  deps?: readonly unknown[]
  enabled?: boolean
  /**
   * The first page when it is already at hand as the list mounts (a page's first calls, started early: issue 15) —
   * shown in the first render, not asked again until a dep changes.
   */
  ready?: (pageSize: number) => Paged<T> | undefined
}

/**
 * A paginated list: first load, pull-to-refresh, infinite scroll. Only the newest request may write the
 * list (a slow old page never lands on top of a newer filter), and one page is fetched at a time.
 */
export function usePagedList<T>(fetcher: PagedFetcher<T>, { pageSize = 10, keyOf, deps = [], enabled = true, ready }: Options<T>): PagedListState<T> {
  const [first] = useState(() => (enabled && ready ? ready(pageSize) : undefined))
  const [items, setItems] = useState<T[]>(() => (first ? dedupe(first.list, keyOf) : []))
  const [page, setPage] = useState(first ? 1 : 0)
  const [total, setTotal] = useState(first ? first.total : 0)
  const [loading, setLoading] = useState(enabled && !first)
  const [loadingMore, setLoadingMore] = useState(false)
  const [refreshing, setRefreshing] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [loaded, setLoaded] = useState(Boolean(first))
  const skipFirst = useRef(Boolean(first))

  const generation = useRef(0)
  const inFlight = useRef(false)
  const fetcherRef = useRef(fetcher)
  fetcherRef.current = fetcher
  const keyRef = useRef(keyOf)
  keyRef.current = keyOf

  // Plain promise callbacks rather than async functions: this hook is on Home's first load, and they compile
  // to far less than the regenerator code an async function becomes for the older browsers.
  const fetchPage = useCallback((n: number) => new Promise<Paged<T>>((resolve) => resolve(fetcherRef.current(n, pageSize))), [pageSize])

  const loadFirst = useCallback(
    (mode: 'initial' | 'refresh'): Promise<void> => {
      const gen = ++generation.current
      inFlight.current = true
      if (mode === 'initial') setLoading(true)
      else setRefreshing(true)
      setError(null)
      const done = () => {
        inFlight.current = false
        setLoading(false)
        setRefreshing(false)
      }
      return fetchPage(1).then(
        (res) => {
          if (gen !== generation.current) return
          setItems(dedupe(res.list, keyRef.current))
          setPage(1)
          setTotal(res.total)
          setLoaded(true)
          done()
        },
        (e: unknown) => {
          if (gen !== generation.current) return
          setError(e)
          done()
        },
      )
    },
    [fetchPage],
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

  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false
      return
    }
    if (!enabled) return
    void loadFirst('initial')
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, loadFirst, ...deps])

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
