import { useCallback, useEffect, useRef, useState } from 'react'
import type { OrderInfo, OrderPayload, PriceQuote } from '@/contract/order'
import { hasRedemptionCode } from '@/contract/orderRules'
import type { ApiReq } from '@/contract/schemas'
import { ApiError, firstAnswer, request } from '@/core/request'
import { usePagedList } from '@/hooks/usePagedList'
import { useRetryWhenOnline } from '@/hooks/useRetryWhenOnline'
import { useSignedInQuery, type SignedInOptions } from '@/hooks/useSignedIn'

/** One of my orders (personal.order/read). */
export function fetchOrder(id: number): Promise<OrderInfo> {
  return request('personal.order/read', { id }).then((r) => r.info)
}

/** One of my orders, for a screen (Payment success, Gold-pointing plan). Nothing is asked without a valid id. */
export function useOrder(id: number, options: SignedInOptions = {}) {
  return useSignedInQuery(() => fetchOrder(id), [id], { ...options, enabled: id > 0 && (options.enabled ?? true) })
}

/** Order detail: the order and, when its status has one, its redemption code — read and reloaded together. */
export function useOrderWithCode(id: number, options: SignedInOptions = {}) {
  return useSignedInQuery(
    async () => {
      const info = await fetchOrder(id)
      const code = hasRedemptionCode(info.kind, info.order_status, info.delivery?.mode) ? await request('personal.order/orderVerification', { id }) : null
      return { info, code }
    },
    [id],
    { ...options, enabled: id > 0 && (options.enabled ?? true) },
  )
}

export type OrderFilter = Omit<ApiReq<'personal.order/index'>, 'page' | 'page_size'>

/** My orders, paged (My orders by tab; Card purchase records by kind). */
export function useOrderPages(filter: OrderFilter) {
  return usePagedList((page, page_size) => request('personal.order/index', { ...filter, page, page_size }), [filter], {
    keyOf: (o) => o.id,
    // A tab seen before shows at once (kept answers, src/core/cache.ts), and is checked in the background.
    ready: (page_size) => firstAnswer('personal.order/index', { ...filter, page: 1, page_size }),
  })
}

/** How long Pay a bill waits after the last key before asking the price (the shopper is still typing). */
export const QUOTE_DEBOUNCE_MS = 350

/** The quote failed for want of a connection (or the server's trouble): asking again can help. */
export function quoteCanRetry(error: unknown): boolean {
  return !(error instanceof ApiError) || error.kind === 'network' || error.kind === 'http'
}

export interface QuoteOptions {
  /** Wait this long after the payload last changed before asking (Pay a bill's keypad); 0: ask at once. */
  debounceMs?: number
}

/**
 * The server's price for a payload (personal.order/preCreate), asked again when the payload changes; null
 * while there is none. Only the answer for the latest payload is shown (a stale one never lands, and a quote
 * is never shown for another payload). A quote lost to the network is asked again on `retry()` (the shopper's
 * tap, or a screen shown again) and by itself when the device is back online.
 */
export function useOrderQuote(payload: OrderPayload | null, { debounceMs = 0 }: QuoteOptions = {}) {
  const [quote, setQuote] = useState<PriceQuote | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [loading, setLoading] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const key = payload ? JSON.stringify(payload) : ''
  const latest = useRef('')

  useEffect(() => {
    latest.current = `${key}#${attempt}`
    const mine = latest.current
    setError(null)
    if (!payload) {
      setQuote(null)
      setLoading(false)
      return undefined
    }
    setLoading(true)
    const ask = () =>
      request('personal.order/preCreate', payload).then(
        (q) => {
          if (latest.current !== mine) return
          setQuote(q)
          setLoading(false)
        },
        (e: unknown) => {
          if (latest.current !== mine) return
          setQuote(null)
          setError(e)
          setLoading(false)
        },
      )
    if (debounceMs <= 0) {
      void ask()
      return undefined
    }
    const timer = setTimeout(() => void ask(), debounceMs)
    return () => clearTimeout(timer)
    // The payload is read through its key (a new object with the same content asks nothing).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt, debounceMs])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const retryable = error !== null && quoteCanRetry(error)
  useRetryWhenOnline(retryable, retry)

  // A quote is only good for the payload it was made for.
  return { quote: loading ? null : quote, loading, error, retryable, retry }
}
