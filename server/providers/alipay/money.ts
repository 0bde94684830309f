/**
 * Alipay's amounts are yuan as text with at most two decimals ("88.88"); ours are integer fen. Converted as text, never
 * through a float (0.07 yuan is 7 fen, not 7.000000000000001).
 */

/** 8888 → "88.88"; 7 → "0.07". */
export function yuanText(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new Error(`not an amount in fen: ${fen}`)
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`
}

/** "88.88" → 8888, "1" → 100, "0.5" → 50; null for anything else (a sign, an exponent, three decimals, a float's tail). */
export function fenOf(text: unknown): number | null {
  if (typeof text !== 'string') return null
  const m = /^(0|[1-9]\d{0,11})(?:\.(\d{1,2}))?$/.exec(text.trim())
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))
}

const SHANGHAI_MS = 8 * 3600_000

/** A moment as Alipay writes times: "yyyy-MM-dd HH:mm:ss" in Beijing time (UTC+8, no daylight saving), whatever the server's zone. */
export function alipayTime(ms: number): string {
  return new Date(ms + SHANGHAI_MS).toISOString().slice(0, 19).replace('T', ' ')
}

/** Alipay's "yyyy-MM-dd HH:mm:ss" (Beijing time) back to epoch ms; null when it is not one. */
export function alipayTimeMs(text: unknown): number | null {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null
  const ms = Date.parse(`${text.replace(' ', 'T')}+08:00`)
  return Number.isFinite(ms) ? ms : null
}
