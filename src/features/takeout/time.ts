import { businessToday } from '@/core/clock'
import type { t as tFn } from './messages'

/**
 * A business wall time from the server ("YYYY-MM-DD HH:mm[:ss]") as the shopper reads it: "HH:mm" today (on the
 * server's business clock, never the phone's), else "MM-DD HH:mm". Never re-read through the phone's time zone.
 */
export function wallTime(text: string | null | undefined): string {
  if (!text) return ''
  const m = /^(\d{4}-(\d{2})-(\d{2})) (\d{2}):(\d{2})/.exec(text)
  if (!m) return text
  return m[1] === businessToday() ? `${m[4]}:${m[5]}` : `${m[2]}-${m[3]} ${m[4]}:${m[5]}`
}

/** "Opens at 16:30" for a closed shop (its next opening on the server's clock), "Closed" when none is known. */
export function openText(t: typeof tFn, opensAt: string | null): string {
  return opensAt ? t('to.opensAt', { time: wallTime(opensAt) }) : t('to.closed')
}
