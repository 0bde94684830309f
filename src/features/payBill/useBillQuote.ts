import { useCallback, useEffect, useRef, useState } from 'react'
import type { OrderPayload, PriceQuote } from '@/contract/order'
import { ApiError, request } from '@/core/request'
import { network } from '@/platform/network'

export const QUOTE_DEBOUNCE_MS = 350

/** The quote failed for want of a connection (or the server's trouble): asking again can help. */
export function quoteCanRetry(error: unknown): boolean {
  return !(error instanceof ApiError) || error.kind === 'network' || error.kind === 'http'
}

/**
 * The server's price for what is on the keypad, asked again (debounced) as the shopper types. Only the
 * answer for the latest payload is shown; a stale one never lands. A quote lost to the network is asked
 * again on `retry()` (the shopper's tap) and by itself when the device is back online.
 */
export function useBillQuote(payload: OrderPayload | null) {
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
    const timer = setTimeout(() => {
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
    }, QUOTE_DEBOUNCE_MS)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const retryable = error !== null && quoteCanRetry(error)

  // Back online after a quote was lost to the network: ask again without the shopper doing anything.
  useEffect(() => {
    if (!retryable) return undefined
    return network.onOnline(retry)
  }, [retryable, retry])

  // A quote is only good for the payload it was made for.
  return { quote: loading ? null : quote, loading, error, retryable, retry }
}
