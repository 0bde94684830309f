import type { Q } from '../../storage/query'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { TakeoutLiveEvent } from '../../../src/contract/takeout'
import { TAKEOUT_LIVE_DEFAULTS, TAKEOUT_WATCH } from '../../../src/contract/takeoutEndpoints'
import { CODE } from '../../../src/contract/envelope'
import { ORDER_STATUS } from '../../../src/contract/constants'
import { reasonText, type Reason } from '../../../src/contract/reasons'
import type { ApiLang } from '../../../src/contract/common'
import { authenticate, ok, refuse } from '../envelope'
import { langOf } from '../../domain/names'
import { findOwnOrder } from '../../domain/orders'
import * as repo from '../../storage/repo/takeout'
import { API_HEADERS, apiCacheHeaders } from '../security'
import { requireStaff } from '../../domain/store/store'
import { clockHeaders, nowMs } from '../../time'
import type { Listener } from '../../storage/listen'

/**
 * Live status of takeout orders (issue 25; docs/api.md "Live status"): the shopper's order and the store's takeout
 * orders as NDJSON streams. Changes are read from the database — takeout_orders.updated_at (every move stamps it) and
 * the order's status (a refund notification moves 60 → 70 without a stamp) — so a move made by another server process
 * on the same database reaches every stream. One interval per process checks all open streams with one query per
 * kind (none runs while no stream is open) — on SQLite every tick; on PostgreSQL when the database announces a change
 * (LISTEN/NOTIFY, issue 42: `startFeed` below), after each reconnect and every `recheckMs`; a stream ends after
 * `streamMs` (under WeChat's 60 s request limit) and
 * the client opens the next; heartbeats keep proxies from closing an idle one.
 *
 * The shopper's stream compares its order's version (`updated_at:status`) by primary key: any difference is a change,
 * whichever way the clocks of the processes went. The store's reads the orders stamped since the newest stamp it has
 * seen, less LOOKBACK_MS (processes whose clocks differ by less than that are all seen; a move is told once): a move
 * stamped further back than that (a sandbox clock moved back) is picked up by the next stream's read of the list.
 *
 * Under abuse (issue 43): a stream costs the process a socket and a place in every check, and a throwaway account is
 * free, so the streams are shared out — at most `perUser` per account, `perAddress` per client address (the request's
 * address: TRUST_PROXY decides whether a proxy's X-Forwarded-For names it), `perShop` per store, and the shoppers'
 * streams together leave `storeReserve` of `perProcess` to the stores. Only an order that can still move is watched
 * (paid, accepted, out for delivery, refunding: WATCHABLE) — an unpaid one is free to make and moves only by its own
 * shopper's payment; a stream whose order settles is told the change and ends. Each check also reads the streams'
 * sessions: a session ended (logout, a device ended from the session list, the account deleted) ends its stream at
 * the next check with a `session_expired` line.
 */
export interface LiveOptions {
  streamMs?: number
  heartbeatMs?: number
  tickMs?: number
  /** PostgreSQL: the check of every open stream without a notification (sessions past their expiry), this often. */
  recheckMs?: number
  perUser?: number
  perProcess?: number
  storeReserve?: number
  perAddress?: number
  perShop?: number
}

/** The statuses a takeout order can still move from (the store's or the provider's move): only these are watched. */
export const WATCHABLE: ReadonlySet<number> = new Set([ORDER_STATUS.PAID, ORDER_STATUS.ACCEPTED, ORDER_STATUS.DELIVERING, ORDER_STATUS.REFUNDING])

/** How far behind the newest stamp seen the store's read looks again (clocks of several processes). */
const LOOKBACK_MS = 60_000

/** PostgreSQL: the channel server/storage/migrations/0042_live_notify.postgres.sql's triggers announce changes on. */
export const LIVE_CHANNEL = 'ocp_live'
/** PostgreSQL: without a notification, the open streams are checked this often (a session that expires writes nothing). */
export const RECHECK_MS = 5_000
/** PostgreSQL: at most one check of the database this often, however many notifications come. */
const MIN_GAP_MS = 50

interface Stream {
  userId: number
  /** The session it was opened with (tokens.id): when that ends, so does the stream. */
  sessionId: number
  /** The client's address as the server sees it (req.ip). */
  address: string
  lang: ApiLang
  reply: FastifyReply
  /** The shopper's: the order watched and its version last told. */
  orderId?: number
  version?: string
  /** The store's: its shop. */
  shopId?: number
  /** performance.now() times: a stream's lifetime and heartbeats are real durations, not the (movable) business clock. */
  lastWrite: number
  endAt: number
}

const versionOf = (row: { updated_at: number; status: number }) => `${row.updated_at}:${row.status}`

export function takeoutLive(app: FastifyInstance, db: Q, opts: LiveOptions = {}) {
  const streamMs = opts.streamMs ?? TAKEOUT_LIVE_DEFAULTS.streamMs
  const heartbeatMs = opts.heartbeatMs ?? TAKEOUT_LIVE_DEFAULTS.heartbeatMs
  const tickMs = opts.tickMs ?? TAKEOUT_LIVE_DEFAULTS.tickMs
  const recheckMs = opts.recheckMs ?? RECHECK_MS
  const perUser = opts.perUser ?? TAKEOUT_LIVE_DEFAULTS.perUser
  const perProcess = opts.perProcess ?? TAKEOUT_LIVE_DEFAULTS.perProcess
  const storeReserve = opts.storeReserve ?? TAKEOUT_LIVE_DEFAULTS.storeReserve
  const perAddress = opts.perAddress ?? TAKEOUT_LIVE_DEFAULTS.perAddress
  const perShop = opts.perShop ?? TAKEOUT_LIVE_DEFAULTS.perShop

  const streams = new Set<Stream>()
  let timer: ReturnType<typeof setInterval> | null = null
  let closing = false
  /** The store's read: the newest stamp seen, and the moves already told (order → stamp) within the look-back. */
  let newest = 0
  const told = new Map<number, number>()

  const write = (s: Stream, event: TakeoutLiveEvent) => {
    if (s.reply.raw.writableEnded || s.reply.raw.destroyed) return
    s.reply.raw.write(`${JSON.stringify(ok(event))}\n`)
    s.lastWrite = performance.now()
  }
  /** A refusal as the stream's last line (an envelope like any other answer's, in the stream's language). */
  const refusalLine = (s: Stream, reason: Reason, code: 0 | -1) => {
    if (s.reply.raw.writableEnded || s.reply.raw.destroyed) return
    s.reply.raw.write(`${JSON.stringify({ code, msg: reasonText(reason, s.lang), data: null, reason })}\n`)
  }
  const end = (s: Stream, event?: TakeoutLiveEvent, refusal?: Reason) => {
    if (!streams.delete(s)) return
    if (event) write(s, event)
    if (refusal) refusalLine(s, refusal, refusal === 'session_expired' ? CODE.AUTH : CODE.FAIL)
    if (!s.reply.raw.writableEnded) s.reply.raw.end()
    if (streams.size === 0 && timer) {
      clearInterval(timer)
      timer = null
    }
  }

  const versions = async (ids: number[]) => {
    const out = new Map<number, { version: string; status: number }>()
    if (ids.length === 0) return out
    const rows = (await db.all(`SELECT t.order_id, t.updated_at, o.status FROM takeout_orders t JOIN orders o ON o.id = t.order_id WHERE t.order_id IN (${ids.map(() => '?').join(', ')})`, ...ids)) as Array<{
      order_id: number
      updated_at: number
      status: number
    }>
    for (const r of rows) out.set(r.order_id, { version: versionOf(r), status: r.status })
    return out
  }

  /** Of the streams' sessions, those still live (not ended, not expired, their account not deleted): one query by primary key. */
  const liveSessions = async (list: Stream[]) => {
    const ids = [...new Set(list.map((s) => s.sessionId))]
    const out = new Set<number>()
    if (ids.length === 0) return out
    const rows = (await db.all(
      `SELECT t.id FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.id IN (${ids.map(() => '?').join(', ')}) AND t.expires_at > ? AND u.deleted_at IS NULL`,
      ...ids,
      nowMs(),
    )) as Array<{ id: number }>
    for (const r of rows) out.add(Number(r.id))
    return out
  }

  /** Store moves since the last read: order ids by shop. */
  const storeMoves = async (): Promise<Map<number, number[]>> => {
    // Never from later than the clock reads now: a move stamped while the sandbox clock stood ahead (moved back since,
    // or another process's clock) must not hide the moves made now — they are told once (`told`) however often read.
    const since = Math.min(newest, nowMs()) - LOOKBACK_MS
    const rows = (await db.all('SELECT order_id, shop_id, updated_at FROM takeout_orders WHERE updated_at > ? ORDER BY updated_at', since)) as Array<{
      order_id: number
      shop_id: number
      updated_at: number
    }>
    const byShop = new Map<number, number[]>()
    for (const r of rows) {
      if (r.updated_at > newest) newest = r.updated_at
      if (told.get(r.order_id) === r.updated_at) continue
      told.set(r.order_id, r.updated_at)
      const list = byShop.get(r.shop_id) ?? []
      list.push(r.order_id)
      byShop.set(r.shop_id, list)
    }
    for (const [id, at] of told) if (at <= since) told.delete(id)
    return byShop
  }
  /** The store's read starts from the database's newest stamp, so what moved before the first stream is not told. */
  const primeStoreMoves = async () => {
    const row = (await db.get('SELECT MAX(updated_at) AS at FROM takeout_orders')) as { at: number | null }
    newest = Math.max(newest, row.at ?? 0)
    await storeMoves()
  }

  /** The store each store stream's user works for now (removed staff: absent). */
  const staffOf = async (list: Stream[]) => {
    const ids = [...new Set(list.flatMap((s) => (s.shopId === undefined ? [] : [s.userId])))]
    const out = new Map<number, number>()
    if (ids.length === 0) return out
    for (const r of (await db.all(`SELECT user_id, shop_id FROM store_staff WHERE user_id IN (${ids.map(() => '?').join(', ')})`, ...ids)) as Array<{ user_id: number; shop_id: number }>) out.set(r.user_id, r.shop_id)
    return out
  }

  /**
   * PostgreSQL (issue 42): the database tells this process of changes (LISTEN on one connection of its own, outside the
   * pool: server/storage/listen.ts); a notification, and every (re)connect of that connection — notifications sent while
   * it was away are lost — marks the streams for a check, which runs at once (one at a time; those that arrive during a
   * check make one more). Between them the timer only beats and ends streams past their lifetime, and checks the database
   * every `recheckMs` (a session past its expiry announces nothing). Opened with the first stream, kept while the process
   * runs. SQLite: no notifications — every tick checks, as before.
   */
  let feed: Listener | null | undefined
  /** For the metrics: notifications heard, and the LISTEN connection's losses and failed opens. */
  const feedCounts = { notifications: 0, failures: 0 }
  let dirty = true
  let lastCheck = -Infinity
  const startFeed = () => {
    if (feed !== undefined || closing) return
    feed = app.storage.listen(LIVE_CHANNEL, {
      notify: (payload) => {
        feedCounts.notifications++
        if (concerns(payload)) wake()
      },
      connected: () => wake(),
      failed: () => {
        feedCounts.failures++
      },
      log: { info: (fields, message) => app.log.info(fields, message), warn: (fields, message) => app.log.warn(fields, message) },
    })
  }
  /** Whether a notification may change what an open stream shows: its order or its store's orders ('<order>:<shop>'), or access ('a'). */
  const concerns = (payload: string) => {
    const m = /^(\d+):(\d+)$/.exec(payload)
    if (!m) return true
    const orderId = Number(m[1])
    const shopId = Number(m[2])
    for (const x of streams) if (x.orderId === orderId || x.shopId === shopId) return true
    return false
  }
  /** A check soon: at once, or MIN_GAP_MS after the last one (a busy store's moves are read together, not one check each). */
  let wakeTimer: ReturnType<typeof setTimeout> | null = null
  const wake = () => {
    dirty = true
    if (streams.size === 0 || wakeTimer || ticking) return
    const wait = lastCheck + MIN_GAP_MS - performance.now()
    if (wait <= 0) {
      void safeTick()
      return
    }
    wakeTimer = setTimeout(() => {
      wakeTimer = null
      void safeTick()
    }, wait)
    wakeTimer.unref()
  }

  const tick = async () => {
    const now = performance.now()
    const list = [...streams]
    if (feed && !dirty && now - lastCheck < recheckMs) {
      for (const s of list) {
        if (now >= s.endAt) end(s, { type: 'end' })
        else if (now - s.lastWrite >= heartbeatMs) write(s, { type: 'ping' })
      }
      return
    }
    dirty = false
    lastCheck = now
    const ordersWatched = await versions([...new Set(list.flatMap((s) => (s.orderId === undefined ? [] : [s.orderId])))])
    const moves = list.some((s) => s.shopId !== undefined) ? (await storeMoves()) : new Map<number, number[]>()
    const stillStaff = await staffOf(list)
    const sessions = await liveSessions(list)
    for (const s of list) {
      // Its session ended (logout, a device ended from the session list, the account deleted): the stream ends now.
      if (!sessions.has(s.sessionId)) {
        end(s, undefined, 'session_expired')
        continue
      }
      // Removed from the store (server/domain/store/staff.ts) since the stream opened: it ends now; the next one is refused.
      if (now >= s.endAt || (s.shopId !== undefined && stillStaff.get(s.userId) !== s.shopId)) {
        end(s, { type: 'end' })
        continue
      }
      if (s.orderId !== undefined) {
        const v = ordersWatched.get(s.orderId) ?? null
        if (v !== null && v.version !== s.version) {
          s.version = v.version
          write(s, { type: 'change', changed_at: v.version, ids: [s.orderId] })
          // Settled (delivered, cancelled, refunded …): nothing more will move — told, then ended (the next is refused).
          if (!WATCHABLE.has(v.status)) end(s, { type: 'end' })
          continue
        }
      } else if (s.shopId !== undefined) {
        const ids = moves.get(s.shopId)
        if (ids) {
          write(s, { type: 'change', changed_at: null, ids })
          continue
        }
      }
      if (now - s.lastWrite >= heartbeatMs) write(s, { type: 'ping' })
    }
  }

  // A failed read (the database busy or closing) must not take the process down: the next tick tries again.
  // One check at a time: a slow read (a busy database) makes the next tick wait, not run beside it.
  let ticking = false
  const safeTick = async () => {
    if (ticking) return
    ticking = true
    let failed = false
    try {
      await tick()
    } catch (err) {
      // Checked again at the next tick (not at once: the database may be away).
      failed = true
      dirty = true
      app.log.warn({ err }, 'takeout live check failed')
    } finally {
      ticking = false
    }
    // A notification that came during the check is read by one more.
    if (dirty && feed && !failed) wake()
  }

  /**
   * Whether one more stream fits, counted over the open ones (a few hundred at most): the account's, the address's, the
   * shop's, and the process's — of which the shoppers' leave the stores' reserve. Synchronous, and the stream is added
   * in the same turn (open, below), so a burst of connections cannot all pass the count before any is added.
   */
  const admit = (s: Pick<Stream, 'userId' | 'address' | 'shopId'>) => {
    if (closing || streams.size >= perProcess) throw refuse('live_busy')
    let mine = 0
    let fromAddress = 0
    let ofShop = 0
    let shoppers = 0
    for (const x of streams) {
      if (x.userId === s.userId) mine++
      if (x.address === s.address) fromAddress++
      if (x.shopId === undefined) shoppers++
      else if (x.shopId === s.shopId) ofShop++
    }
    if (mine >= perUser) throw refuse('live_too_many', { max: perUser })
    if (fromAddress >= perAddress) throw refuse('live_address_busy')
    if (s.shopId === undefined ? shoppers >= perProcess - storeReserve : ofShop >= perShop) throw refuse('live_busy')
  }

  const open = async (reply: FastifyReply, s: Omit<Stream, 'reply' | 'lastWrite' | 'endAt'>, hello: TakeoutLiveEvent) => {
    admit(s)
    if (s.shopId !== undefined && ![...streams].some((x) => x.shopId !== undefined)) {
      await primeStoreMoves()
      // Counted again after the read (others may have been let in meanwhile); from here to `streams.add` nothing waits.
      admit(s)
    }
    const stream: Stream = { ...s, reply, lastWrite: 0, endAt: performance.now() + streamMs }
    // The answer is written by hand (no onSend hooks, no compression, which would hold lines back): its headers too.
    reply.hijack()
    reply.raw.writeHead(200, {
      'Content-Type': 'application/x-ndjson; charset=utf-8',
      ...API_HEADERS,
      ...apiCacheHeaders(),
      'X-Accel-Buffering': 'no',
      ...clockHeaders(),
    })
    streams.add(stream)
    write(stream, hello)
    // Checked at the next tick whatever the notifications say: a change between the stream's read and here is not lost.
    dirty = true
    startFeed()
    // The client went away (closed the page, lost the network): forget the stream.
    reply.raw.on('close', () => end(stream))
    if (!timer) {
      timer = setInterval(() => void safeTick(), tickMs)
      timer.unref()
    }
  }

  const idOf = (query: unknown) => {
    const raw = typeof query === 'object' && query !== null ? (query as { id?: unknown }).id : undefined
    const id = typeof raw === 'string' && /^\d{1,12}$/.test(raw) ? Number(raw) : NaN
    if (!(id > 0)) throw refuse('invalid_request', { detail: 'id — a positive integer is required' })
    return id
  }

  app.get(`/api/${TAKEOUT_WATCH.order}`, async (req, reply) => {
    const user = await authenticate(db, req)
    if (!user) throw refuse('login_required', {}, { code: -1 })
    const id = idOf(req.query)
    const row = await findOwnOrder(db, user.id, id)
    const t = row.kind === 'takeout' ? (await repo.takeoutOrderOf(db, row.id)) : undefined
    if (!t) throw refuse('order_not_found')
    if (!WATCHABLE.has(row.status)) throw refuse('live_not_watchable')
    const version = versionOf({ updated_at: t.updated_at, status: row.status })
    await open(reply, { userId: user.id, sessionId: user.sessionId, address: req.ip, lang: langOf(req.query), orderId: id, version }, { type: 'hello', changed_at: version })
    return reply
  })

  app.get(`/api/${TAKEOUT_WATCH.store}`, async (req, reply) => {
    const user = await authenticate(db, req)
    const staff = await requireStaff(db, user)
    if (!user || !(await repo.shopById(db, staff.shopId))) throw refuse('takeout_not_offered')
    await open(reply, { userId: staff.userId, sessionId: user.sessionId, address: req.ip, lang: langOf(req.query), shopId: staff.shopId }, { type: 'hello', changed_at: null })
    return reply
  })

  // Shutting down: every stream is told to reconnect (to another process) and ended, so the server can close.
  app.addHook('preClose', (done) => {
    closing = true
    for (const s of [...streams]) end(s, { type: 'end' })
    done()
  })
  app.addHook('onClose', async () => {
    await feed?.close()
  })

  app.decorate('liveStreams', () => streams.size)
  app.decorate('liveFeed', () => (feed ? { listening: feed.listening(), ...feedCounts } : null))
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Takeout live-status streams open in this process (server/http/routes/takeoutLive.ts). */
    liveStreams: () => number
    /**
     * PostgreSQL's live-change connection in this process (null: SQLite, or no stream opened yet — it opens with the
     * first): whether LISTEN holds, notifications heard, losses and failed opens (server/http/metrics.ts).
     */
    liveFeed: () => { listening: boolean; notifications: number; failures: number } | null
  }
}
