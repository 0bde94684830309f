import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import { HEADER_BUSINESS_OFFSET, HEADER_SERVER_TIME } from '../src/contract/envelope'

dayjs.extend(utc)

/**
 * One business clock (docs/product.md#rules-every-screen-follows, Time): every stored and answered text time ("YYYY-MM-DD HH:mm:ss", no
 * offset) is wall time in this zone, whatever the host's zone — a server running in UTC writes the same
 * texts as one in Shanghai. Instants (expiries, code and session times) are epoch ms. Set BUSINESS_TZ
 * (an IANA name) to move the business; the default is Asia/Shanghai.
 *
 * Converting is arithmetic on the zone's offset, not Intl work per call (dayjs's timezone plugin formatted every
 * instant through Intl: ~17 % of the server's CPU, docs/performance.md). A zone whose offset is the same at every
 * sample over the years the data can cover (FIXED_FROM_YEAR … FIXED_TO_YEAR, monthly) — Asia/Shanghai (+08:00
 * since 1991), UTC, Asia/Tokyo… — is converted with that one offset. Any other zone (summer time) reads its offset
 * at each instant from one cached Intl formatter. Either way the result does not depend on the host's own zone.
 */
export const BUSINESS_TZ = businessZone(process.env.BUSINESS_TZ)

function businessZone(name: string | undefined): string {
  const zone = name?.trim() || 'Asia/Shanghai'
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone })
  } catch {
    throw new Error(`BUSINESS_TZ: unknown time zone "${zone}" (an IANA name such as Asia/Shanghai)`)
  }
  return zone
}

const MINUTE = 60_000
const DAY = 86_400_000

/** The years checked for a constant offset: the stored data's (2026 on, expiries to 2099) and well before. */
export const FIXED_FROM_YEAR = 2000
export const FIXED_TO_YEAR = 2100

/** A zone's offset (minutes east of UTC) at an instant, read with Intl (one cached formatter per zone). */
export function intlOffset(zone: string): (ms: number) => number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })
  return (ms) => {
    if (!Number.isFinite(ms)) return 0
    const at = Math.floor(ms / 1000) * 1000
    const p: Record<string, number> = {}
    for (const part of format.formatToParts(at)) if (part.type !== 'literal') p[part.type] = Number(part.value)
    return Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - at) / MINUTE)
  }
}

/** The zone's one offset (minutes) when it is the same at every month of the covered years; null otherwise. */
export function fixedOffsetOf(zone: string, fromYear = FIXED_FROM_YEAR, toYear = FIXED_TO_YEAR): number | null {
  const offsetAt = intlOffset(zone)
  const first = offsetAt(Date.UTC(fromYear, 0, 1))
  for (let year = fromYear; year <= toYear; year++) {
    for (let month = 0; month < 12; month++) if (offsetAt(Date.UTC(year, month, 15)) !== first) return null
  }
  return first
}

const FIXED_OFFSET = fixedOffsetOf(BUSINESS_TZ)
const offsetAt: (ms: number) => number = FIXED_OFFSET !== null ? () => FIXED_OFFSET : intlOffset(BUSINESS_TZ)

/** A wall time (its fields read as UTC, ms) to the instant it is in the business zone. */
function instantOf(wall: number): number {
  if (FIXED_OFFSET !== null) return wall - FIXED_OFFSET * MINUTE
  // The offset at the wall time read as UTC is at most a summer-time shift away; the offset at that guess is right.
  return wall - offsetAt(wall - offsetAt(wall) * MINUTE) * MINUTE
}

/**
 * Business-zone dayjs objects: UTC mode on the wall time (so their fields, add, startOf and format are the business
 * wall clock whatever the host's zone), the offset kept in $x so valueOf, utcOffset, toDate and format('Z') are the
 * real instant. Plain dayjs objects are untouched.
 */
const OFFSET_KEY = '$businessOffset'
interface Internals {
  $d: Date
  $x?: Record<string, unknown>
}
const markOf = (d: unknown): number | undefined => {
  const x = (d as Internals).$x
  return x && typeof x[OFFSET_KEY] === 'number' ? x[OFFSET_KEY] : undefined
}
type Method = (this: dayjs.Dayjs, ...args: unknown[]) => unknown
dayjs.extend((_option, Dayjs) => {
  const proto = Dayjs.prototype as unknown as Record<'valueOf' | 'utcOffset' | 'toDate' | 'format', Method>
  const { valueOf, utcOffset, toDate, format } = proto
  proto.valueOf = function () {
    const mark = markOf(this)
    return mark === undefined ? valueOf.call(this) : (this as unknown as Internals).$d.getTime() - mark * MINUTE
  }
  proto.utcOffset = function (...args) {
    const mark = markOf(this)
    if (mark === undefined) return utcOffset.apply(this, args)
    return args[0] === undefined ? mark : utcOffset.apply(dayjs(this.valueOf()), args)
  }
  // toDate('s') is dayjs's "the date as its fields show it" (startOf('day') sets its hours to 0).
  proto.toDate = function (...args) {
    const mark = markOf(this)
    return mark !== undefined && args[0] === 's' ? new Date((this as unknown as Internals).$d.getTime()) : toDate.apply(this, args)
  }
  proto.format = function (...args) {
    return format.apply(this, markOf(this) !== undefined && !args[0] ? ['YYYY-MM-DDTHH:mm:ssZ'] : args)
  }
})

/**
 * The one running clock (issue 27): every "now" on the server is `nowMs()` — real time plus an offset, so a sandbox or a
 * test can set the moment it needs (23:59:50, 29 February) and the server runs on from there. The offset comes from:
 * - CLOCK_AT at start: "the clock reads this at start and runs on" — ISO 8601 with its offset
 *   ("2028-02-29T23:59:50+08:00", "…Z"), or a business wall time without one ("2028-02-29 23:59:50"); unset = real time;
 * - the sandbox (POST /api/sandbox/clock, docs/sandbox.md), kept in the database (settings row `clock_offset_ms`) so
 *   every process on one file reads one clock; while that row exists it wins over CLOCK_AT, and a reset deletes it.
 * The database is read through the source buildApp attaches (attachClock), at most every CLOCK_FRESH_MS per process —
 * never a statement per nowMs() (docs/performance.md: a statement costs ~10 µs). Another process's move is seen
 * within that; the process that moves it sees it at once (refreshClock). The sandbox carrier's clock (parcels,
 * server/domain/shipping.ts) is this clock plus its own offset, kept beside it (`carrier_offset_ms`).
 * Durations (latency, benchmarks, timeouts) stay on real time: `realNowMs`.
 */
export const CLOCK_FRESH_MS = 250

/** A CLOCK_AT text to the instant it names (null when it names none). */
export function parseClockAt(raw: string): number | null {
  const text = raw.trim()
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const ms = Date.parse(text.replace(' ', 'T'))
    return Number.isFinite(ms) ? ms : null
  }
  const wall = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text)
  if (!wall) return null
  const [y, mo, d, h = '0', mi = '0', se = '0'] = wall.slice(1)
  const fields = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se))
  // No rollover: 2027-02-29 or 24:00 name no time.
  const back = new Date(fields)
  if (back.getUTCDate() !== Number(d) || back.getUTCHours() !== Number(h) || back.getUTCMinutes() !== Number(mi)) return null
  return instantOf(fields)
}

/**
 * The real instant (epoch ms) CLOCK_AT's "at start" means: this process's start — or, in a worker of `WORKERS=N`, the
 * primary's (CLOCK_AT_FROM_MS, handed over by server/main.ts), so every worker's clock reads the same.
 */
export const CLOCK_AT_FROM_MS = ((raw) => (raw && /^\d+$/.test(raw.trim()) ? Number(raw) : Date.now()))(process.env.CLOCK_AT_FROM_MS)

function clockAtOffset(raw: string | undefined): number {
  if (!raw?.trim()) return 0
  const at = parseClockAt(raw)
  if (at === null) throw new Error(`CLOCK_AT: "${raw}" is not a time (ISO 8601 such as 2028-02-29T23:59:50+08:00, or a business wall time "2028-02-29 23:59:50")`)
  return at - CLOCK_AT_FROM_MS
}

/** What the database holds: the server clock's offset (null = none set: CLOCK_AT's) and the carrier's own. */
export interface ClockOffsets {
  server: number | null
  carrier: number
}
const startOffset = clockAtOffset(process.env.CLOCK_AT)
const sources: Array<() => ClockOffsets> = []
let serverOffset = startOffset
let carrierOffset = 0
let readAt = -Infinity

function readClock(real: number): void {
  readAt = real
  const source = sources[sources.length - 1]
  if (!source) {
    serverOffset = startOffset
    carrierOffset = 0
    return
  }
  try {
    const o = source()
    serverOffset = o.server ?? startOffset
    carrierOffset = o.carrier
  } catch {
    // The database is closing: keep the last offsets until the source is detached.
  }
}

/** Real time, for durations only (latency, timeouts, benchmarks) — never for a business "now". */
export const realNowMs = (): number => Date.now()

/** The server's clock as an instant (epoch ms): every "now" on the server. */
export function nowMs(): number {
  const real = Date.now()
  if (real - readAt >= CLOCK_FRESH_MS || real < readAt) readClock(real)
  return real + serverOffset
}

/** The sandbox carrier's clock (parcels): the server's clock plus the carrier's own offset. */
export const carrierNowMs = (): number => nowMs() + carrierOffset

/**
 * Reads the clock from this source from now on (buildApp: the database's settings rows); the detach function returned
 * goes back to the source attached before (a process serves one database; tests build several apps one after another).
 */
export function attachClock(source: () => ClockOffsets): () => void {
  sources.push(source)
  readClock(Date.now())
  return () => {
    const i = sources.lastIndexOf(source)
    if (i >= 0) sources.splice(i, 1)
    readClock(Date.now())
  }
}

/** Reads the source again now (after this process moved the clock). */
export const refreshClock = (): void => readClock(Date.now())

const inZone = (ms: number, offset = offsetAt(ms)): dayjs.Dayjs => dayjs(ms + offset * MINUTE, { utc: true, x: { [OFFSET_KEY]: offset } } as dayjs.OptionType)

const msOf = (d?: dayjs.Dayjs | Date | number): number => (d === undefined ? nowMs() : typeof d === 'number' ? d : d.valueOf())

/** An instant (now when not given) in the business zone. */
export const inBusinessZone = (d?: dayjs.Dayjs | Date | number) => inZone(msOf(d))

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
// The last text written (nowText runs several times per request, within the same second).
let lastSecond = NaN
let lastText = ''

/** Times in answers and text columns: business wall time "YYYY-MM-DD HH:mm:ss", as the screens show them. */
export const fmt = (d: dayjs.Dayjs | Date | number): string => {
  const ms = msOf(d)
  const second = Math.floor(ms / 1000)
  if (second === lastSecond) return lastText
  if (!Number.isFinite(second)) return 'Invalid Date'
  const w = new Date(ms + offsetAt(ms) * MINUTE)
  lastText = `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())} ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}`
  lastSecond = second
  return lastText
}
/** The server's clock as business wall time "YYYY-MM-DD HH:mm:ss". */
/** The clock headers every /api answer carries (the app counts down on the server's clock), stamped as it leaves. */
export const clockHeaders = (): Record<string, string> => ({ [HEADER_SERVER_TIME]: String(nowMs()), [HEADER_BUSINESS_OFFSET]: businessOffset() })

export const nowText = () => fmt(nowMs())

/** A stored text time (business wall time) back to an instant. */
export const parseText = (text: string) => {
  // dayjs.utc reads "YYYY-MM-DD HH:mm:ss" (and its shorter forms) as UTC fields: the wall time, as a number.
  const instant = instantOf(dayjs.utc(text).valueOf())
  return inZone(instant)
}

const offsetText = (minutes: number) => `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`
const FIXED_OFFSET_TEXT = FIXED_OFFSET === null ? null : offsetText(FIXED_OFFSET)

/** The business zone's UTC offset at an instant (now when not given), as ISO 8601 writes it: "+08:00". */
export const businessOffset = (d?: dayjs.Dayjs | Date | number) => FIXED_OFFSET_TEXT ?? offsetText(offsetAt(msOf(d)))

/** The business day's midnight of an instant (now when not given). */
export const businessMidnight = (d?: dayjs.Dayjs | Date | number) => {
  const ms = msOf(d)
  const wall = ms + offsetAt(ms) * MINUTE
  return inZone(instantOf(wall - (((wall % DAY) + DAY) % DAY)))
}

export { dayjs }
