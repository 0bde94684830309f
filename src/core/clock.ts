import { HEADER_BUSINESS_OFFSET, HEADER_SERVER_TIME } from '@/contract/envelope'
import { headerOf, type TransportResponse } from './transport.types'

/**
 * The server's clock, as the answers tell it (countdowns follow the server's clock, not the
 * phone's: docs/product.md#rules-every-screen-follows). Every /api answer carries X-Server-Time (ms, stamped as it leaves the server): the server's clock
 * then read that value somewhere between sending and receiving, so `server − phone` lies in
 * [stamp − receivedAt, stamp − sentAt]. Answers that agree narrow that window (the tightest estimate wins,
 * whatever the round trips); an answer outside it means a clock was set since, and starts it again.
 * serverNow() is the phone's clock plus the middle of the window: a phone set ten minutes wrong still
 * counts down right. Before any answer, and with none carrying the header, it is the phone's clock.
 */

/** Where `server − phone` lies (ms), from the answers so far; null until one carried the header. */
let bounds: { lo: number; hi: number } | null = null

/** Minutes east of UTC of the business zone (X-Business-Offset); +08:00 (Asia/Shanghai, the default) until told. */
const DEFAULT_ZONE_MINUTES = 8 * 60
let zoneMinutes = DEFAULT_ZONE_MINUTES

/** A stamp before this (2001) is not a clock in ms: ignored. */
const EARLIEST_STAMP = 1e12

const OFFSET_PATTERN = /^([+-])(\d{2}):?(\d{2})$/

/** "+08:00" → 480; anything else → null. */
function offsetMinutes(text: string): number | null {
  const m = OFFSET_PATTERN.exec(text)
  if (!m) return null
  const minutes = Number(m[2]) * 60 + Number(m[3])
  return m[1] === '-' ? -minutes : minutes
}

/**
 * Learn from one answer, sent at `sentAt` and received at `receivedAt` (the phone's Date.now()). Answers
 * without a usable X-Server-Time change nothing.
 */
export function learnClock(res: TransportResponse, sentAt: number, receivedAt: number): void {
  const zone = offsetMinutes(headerOf(res, HEADER_BUSINESS_OFFSET) || '')
  if (zone !== null) zoneMinutes = zone
  const raw = headerOf(res, HEADER_SERVER_TIME)
  const stamp = raw ? Number(raw) : NaN
  if (!Number.isFinite(stamp) || stamp < EARLIEST_STAMP || receivedAt < sentAt) return
  // ±1 ms: both clocks are read in whole milliseconds.
  const lo = stamp - receivedAt - 1
  const hi = stamp - sentAt + 1
  bounds = bounds && lo <= bounds.hi && hi >= bounds.lo ? { lo: Math.max(lo, bounds.lo), hi: Math.min(hi, bounds.hi) } : { lo, hi }
}

/** The server's clock minus the phone's, in ms (0 until an answer told it). */
export const clockOffset = (): number => (bounds ? Math.round((bounds.lo + bounds.hi) / 2) : 0)

/** Now on the server's clock, in ms since the epoch. */
export const serverNow = (): number => Date.now() + clockOffset()

/** Forget what the answers said (tests; the next answer teaches it again). */
export function resetClock(): void {
  bounds = null
  zoneMinutes = DEFAULT_ZONE_MINUTES
}

const TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/

/**
 * A time from an answer to ms since the epoch: "YYYY-MM-DD HH:mm:ss" is the business zone's wall time
 * (docs/api.md), a time with an offset ("…+08:00", "…Z") is read with it. Parsed by hand: iOS 12 Safari
 * reads "YYYY-MM-DD HH:mm:ss" as invalid and engines disagree on "YYYY-MM-DDTHH:mm:ss" without an offset.
 * null when the text is not a time.
 */
export function parseTime(text: string | null | undefined): number | null {
  const m = text ? TIME_PATTERN.exec(text.trim()) : null
  if (!m) return null
  const offset = m[8] === undefined ? zoneMinutes : m[8] === 'Z' ? 0 : offsetMinutes(m[8])
  if (offset === null) return null
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] || 0), Number(m[5] || 0), Number(m[6] || 0), Number((m[7] || '0').padEnd(3, '0')))
  return wall - offset * 60_000
}

/** Today's date ("YYYY-MM-DD") in the business zone, on the server's clock. */
export const businessToday = (): string => new Date(serverNow() + zoneMinutes * 60_000).toISOString().slice(0, 10)
