import type { Q } from '../query'
import { sql, type DB } from '../db'
import type { ClockOffsets } from '../../time'

/** The server's shared settings (one row a key, text values): every process on the database file reads the same. */
export const CLOCK_OFFSET_KEY = 'clock_offset_ms'
export const CARRIER_OFFSET_KEY = 'carrier_offset_ms'

const integerOf = (value: string | undefined): number | null => {
  const n = Number(value)
  return value !== undefined && Number.isSafeInteger(n) ? n : null
}

/** The clock offsets the sandbox set (server/time.ts reads them at most every CLOCK_FRESH_MS): one statement. */
export function clockOffsets(db: DB): ClockOffsets {
  return offsetsOf(sql(db, OFFSETS).all(CLOCK_OFFSET_KEY, CARRIER_OFFSET_KEY) as Array<{ key: string; value: string }>)
}

/** The same, read on the core's storage (a route, a transaction). */
export const readClockOffsets = async (db: Q): Promise<ClockOffsets> => offsetsOf(await db.all<{ key: string; value: string }>(OFFSETS, CLOCK_OFFSET_KEY, CARRIER_OFFSET_KEY))

const OFFSETS = 'SELECT key, value FROM settings WHERE key IN (?, ?)'

function offsetsOf(rows: Array<{ key: string; value: string }>): ClockOffsets {
  const byKey = new Map(rows.map((r) => [r.key, r.value]))
  return { server: integerOf(byKey.get(CLOCK_OFFSET_KEY)), carrier: integerOf(byKey.get(CARRIER_OFFSET_KEY)) ?? 0 }
}

/** Sets an offset (ms), or removes it (null): the server clock goes back to CLOCK_AT's, the carrier's to the server's. */
export async function setOffset(db: Q, key: typeof CLOCK_OFFSET_KEY | typeof CARRIER_OFFSET_KEY, ms: number | null): Promise<void> {
  if (ms === null) await db.run('DELETE FROM settings WHERE key = ?', key)
  else await db.run('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, String(Math.round(ms)))
  await reloadClockOffsets(db)
}

/**
 * This process holds the offsets as `db` reads them now (inside the moving transaction: its own write; after it commits:
 * what is committed), and a timer refresh that read before is dropped. A no-op on SQLite, whose clock reads the file.
 */
export async function reloadClockOffsets(db: Q): Promise<void> {
  if (!held.has(db.root)) return
  moved(db.root)
  held.set(db.root, await readClockOffsets(db))
}

/**
 * On PostgreSQL the clock (server/time.ts, synchronous) reads offsets this process holds: loaded at start, again by
 * `holdClockOffsets`' timer (another process may move the sandbox clock) and at once when this process sets one.
 */
const held = new WeakMap<Q, ClockOffsets>()

/**
 * How many times this process set or reloaded its offsets. The timer's refresh keeps what it read only when none
 * happened while it read: a refresh that began before a move and ended after it held the old offsets again (up to
 * CLOCK_FRESH_MS of the old clock — a parcel read as not yet moved, a clock move that did not take; issue 38).
 */
const moves = new WeakMap<Q, number>()
const moved = (root: Q) => moves.set(root, (moves.get(root) ?? 0) + 1)

/**
 * Where this process's clock reads the offsets (server/time.ts attachClock): SQLite's file itself (`sqlite`, read at most
 * every CLOCK_FRESH_MS there); on PostgreSQL (`sqlite` null) the offsets held in the process (holdClockOffsets).
 */
export async function clockSource(sqlite: DB | null, db: Q, everyMs: number, onError: (error: unknown) => void): Promise<{ read: () => ClockOffsets; stop: () => void }> {
  return sqlite ? { read: () => clockOffsets(sqlite), stop: () => undefined } : holdClockOffsets(db, everyMs, onError)
}

/** Loads the offsets into this process and keeps them fresh every `everyMs` (0: never again); the stop function. */
export async function holdClockOffsets(db: Q, everyMs: number, onError: (error: unknown) => void): Promise<{ read: () => ClockOffsets; stop: () => void }> {
  held.set(db.root, await readClockOffsets(db))
  let reading = false
  const timer =
    everyMs > 0
      ? setInterval(() => {
          if (reading) return
          reading = true
          const before = moves.get(db.root) ?? 0
          readClockOffsets(db)
            .then((o) => {
              if ((moves.get(db.root) ?? 0) === before) held.set(db.root, o)
            }, onError)
            .finally(() => (reading = false))
        }, everyMs)
      : null
  timer?.unref()
  return { read: () => held.get(db.root) ?? { server: null, carrier: 0 }, stop: () => timer && clearInterval(timer) }
}
