import { named, type Q } from '../query'

/**
 * Per-client request counts (client_limits: one row per key, a fixed window on the server's clock), the store of
 * @fastify/rate-limit that server/http/clientLimits.ts builds — so every server process on the database counts one
 * client's requests together (docs/multi-process.md).
 *
 * One statement counts the request and opens a new window when the old one ended (or lies further ahead than a window
 * and `skew`: the sandbox clock was moved back), so requests at once in several processes cannot all slip under the
 * limit. The numbers are cast: PostgreSQL cannot type `$1 + $2` of two parameters alone.
 */
const COUNT = `INSERT INTO client_limits (key, window_ends_at, hits) VALUES (@key, CAST(@now AS bigint) + CAST(@window AS bigint), 1)
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN client_limits.window_ends_at <= CAST(@now AS bigint) OR client_limits.window_ends_at > CAST(@now AS bigint) + CAST(@window AS bigint) + CAST(@skew AS bigint) THEN 1 ELSE client_limits.hits + 1 END,
    window_ends_at = CASE WHEN client_limits.window_ends_at <= CAST(@now AS bigint) OR client_limits.window_ends_at > CAST(@now AS bigint) + CAST(@window AS bigint) + CAST(@skew AS bigint) THEN CAST(@now AS bigint) + CAST(@window AS bigint) ELSE client_limits.window_ends_at END
  RETURNING hits, window_ends_at`

export interface ClientLimitRow {
  hits: number
  window_ends_at: number
}

/** Counts one request of `key` at `now`: its window's row after counting. */
export const countHit = async (db: Q, key: string, now: number, windowMs: number, skewMs: number) =>
  (await db.get(...named(COUNT, { key, now, window: windowMs, skew: skewMs }))) as ClientLimitRow

/** A key's row, without counting. */
export const limitOf = (db: Q, key: string) => db.get<ClientLimitRow>('SELECT hits, window_ends_at FROM client_limits WHERE key = ?', key)

/** Keys whose window ended by `now` gone; how many. */
export const deleteEndedLimits = async (db: Q, now: number): Promise<number> => (await db.run('DELETE FROM client_limits WHERE window_ends_at <= ?', now)).changes
