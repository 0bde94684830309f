import { businessToday, parseTime, serverNow } from '@/core/clock'

/** A business wall time ("YYYY-MM-DD HH:mm[:ss]") as staff read it: "HH:mm" today on the server's clock, else "MM-DD HH:mm". */
export function wallTime(text: string | null | undefined): string {
  if (!text) return ''
  const m = /^(\d{4}-(\d{2})-(\d{2})) (\d{2}):(\d{2})/.exec(text)
  if (!m) return text
  return m[1] === businessToday() ? `${m[4]}:${m[5]}` : `${m[2]}-${m[3]} ${m[4]}:${m[5]}`
}

/** Seconds left until a business wall time on the server's clock (0 once it has passed; null when unknown). */
export function secondsUntil(text: string | null | undefined): number | null {
  const at = parseTime(text)
  return at === null ? null : Math.max(0, Math.ceil((at - serverNow()) / 1000))
}
