import type { Q } from '../storage/query'
import { countHit, deleteEndedLimits, limitOf, type ClientLimitRow } from '../storage/repo/clientLimits'
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { nowMs } from '../time'

/**
 * Per-client request limits kept in the database (issue 28, docs/multi-process.md): @fastify/rate-limit's store, so every
 * server process on the database counts one client's requests together — with the plugin's own in-memory store each of
 * N processes let a client through `max` times. A key (the route and the client's address) has a fixed window on the
 * server's clock (nowMs, movable in the sandbox), counted by one statement (server/storage/repo/clientLimits.ts countHit)
 * that opens a new window when the old one ended (or lies further ahead than a window: the sandbox clock was moved back),
 * so requests at once in several processes cannot all slip under the limit. Rows whose window ended go with the
 * housekeeping (pruneClientLimits).
 */

/**
 * How far ahead of this process's clock another's may read before a window it opened counts as "the clock moved back":
 * processes' clocks differ a little (other machines; CLOCK_AT's start in separate starts), and such a window must keep
 * counting, not start again.
 */
const CLOCK_SKEW_MS = 5_000

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

/** Counts one request of `key` in its window: the requests counted so far and the ms until the window ends. */
export async function countRequest(db: Q, key: string, windowMs: number, now = nowMs()): Promise<{ current: number; ttl: number }> {
  const row = await countHit(db, key, now, windowMs, CLOCK_SKEW_MS)
  return { current: row.hits, ttl: Math.max(0, row.window_ends_at - now) }
}

/** The store class @fastify/rate-limit instantiates (`store` option); a route's child counts under its URL. */
export function clientLimitStore(db: Q): FastifyRateLimitStoreCtor {
  class ClientLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly scope = '',
    ) {}

    async incr(key: string, callback: Callback, timeWindow: number): Promise<void> {
      let counted: { current: number; ttl: number }
      try {
        counted = await countRequest(db, `${this.scope} ${key}`, timeWindow)
      } catch (err) {
        return callback(err as Error)
      }
      callback(null, counted)
    }

    /** Without counting (the plugin's `increment: false`). */
    async read(key: string, callback: Callback, timeWindow: number): Promise<void> {
      const now = nowMs()
      let row: ClientLimitRow | undefined
      try {
        row = await limitOf(db, `${this.scope} ${key}`)
      } catch (err) {
        return callback(err as Error)
      }
      const live = row !== undefined && row.window_ends_at > now && row.window_ends_at <= now + timeWindow + CLOCK_SKEW_MS
      callback(null, row !== undefined && live ? { current: row.hits, ttl: row.window_ends_at - now } : { current: 0, ttl: 0 })
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const url = (routeOptions as { routeInfo?: { url?: string } }).routeInfo?.url ?? ''
      return new ClientLimitStore(undefined, url)
    }
  }
  return ClientLimitStore
}

/** Housekeeping: keys whose window has ended (a new request starts a new window anyway). */
export const pruneClientLimits = (db: Q, now = nowMs()): Promise<number> => deleteEndedLimits(db, now)
