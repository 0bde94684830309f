import { useEffect, useRef, useState } from 'react'
import type { OrderPayload, PriceQuote } from '@/contract/order'
import { request } from '@/core/request'

export const QUOTE_DEBOUNCE_MS = 350

/**
 * The server's price for what is on the keypad, asked again (debounced) as the shopper types. Only the
 * answer for the latest payload is shown; a stale one never lands.
 */
export function useBillQuote(payload: OrderPayload | null) {
  const [quote, setQuote] = useState<PriceQuote | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [loading, setLoading] = useState(false)
  const key = payload ? JSON.stringify(payload) : ''
  const latest = useRef('')

  useEffect(() => {
    latest.current = key
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
          if (latest.current !== key) return
          setQuote(q)
          setLoading(false)
        },
        (e: unknown) => {
          if (latest.current !== key) return
          setQuote(null)
          setError(e)
          setLoading(false)
        },
      )
    }, QUOTE_DEBOUNCE_MS)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key])

  // A quote is only good for the payload it was made for.
  return { quote: loading ? null : quote, loading, error }
}
