import { useCallback, useEffect, useState } from 'react'
import { serverNow } from '@/core/clock'

/**
 * Seconds left until `endsAt` (ms since epoch), ticking once a second; 0 when over or not started.
 * Counts on the server's clock (flash-sale and auto-cancel countdowns: a phone set wrong still shows the
 * right time); a wait the phone started itself (the SMS resend) passes its own clock, `Date.now`.
 */
export function useCountdown(endsAt: number | null, now: () => number = serverNow): number {
  const left = useCallback(() => (endsAt ? Math.max(0, Math.ceil((endsAt - now()) / 1000)) : 0), [endsAt, now])
  const [seconds, setSeconds] = useState(left)

  useEffect(() => {
    setSeconds(left())
    if (!endsAt) return undefined
    const timer = setInterval(() => {
      const s = left()
      setSeconds(s)
      if (s <= 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [endsAt, left])

  return seconds
}
