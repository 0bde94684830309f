import type { Q } from '../../storage/query'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { TakeoutLiveEvent } from '../../../src/contract/takeout'
import { TAKEOUT_LIVE_DEFAULTS, TAKEOUT_WATCH } from '../../../src/contract/takeoutEndpoints'
import { authenticate, ok, refuse } from '../envelope'
import { findOwnOrder } from '../../domain/orders'
import * as repo from '../../storage/repo/takeout'
import { API_HEADERS, apiCacheHeaders } from '../security'
import { requireStaff } from '../../domain/store/store'
import { clockHeaders, nowMs } from '../../time'

/**
 * Live status of takeout orders (issue 25; docs/api.md "Live status"): the shopper's order and the store's takeout
 * orders as NDJSON streams. Changes are read from the database — takeout_orders.updated_at (every move stamps it) and
 * the order's status (a refund notification moves 60 → 70 without a stamp) — so a move made by another server process
 * on the same database reaches every stream. One interval per process checks all open streams with one query per
 * kind (none runs while no stream is open); a stream ends after `streamMs` (under WeChat's 60 s request limit) and
 * the client opens the next; heartbeats keep proxies from closing an idle one.
 *
 * The shopper's stream compares its order's version (`updated_at:status`) by primary key: any difference is a change,
 * whichever way the clocks of the processes went. The store's reads the orders stamped since the newest stamp it has
 * seen, less LOOKBACK_MS (processes whose clocks differ by less than that are all seen; a move is told once): a move
 * stamped further back than that (a sandbox clock moved back) is picked up by the next stream's read of the list.
 */
export interface LiveOptions {
  streamMs?: number
  heartbeatMs?: number
  tickMs?: number
  perUser?: number
  perProcess?: number
}

/** How far behind the newest stamp seen the store's read looks again (clocks of several processes). */
const LOOKBACK_MS = 60_000

interface Stream {
  userId: number
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
  const perUser = opts.perUser ?? TAKEOUT_LIVE_DEFAULTS.perUser
  const perProcess = opts.perProcess ?? TAKEOUT_LIVE_DEFAULTS.perProcess

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
  const end = (s: Stream, event?: TakeoutLiveEvent) => {
    if (!streams.delete(s)) return
    if (event) write(s, event)
    if (!s.reply.raw.writableEnded) s.reply.raw.end()
    if (streams.size === 0 && timer) {
      clearInterval(timer)
      timer = null
    }
  }

  const versions = async (ids: number[]) => {
    const out = new Map<number, string>()
    if (ids.length === 0) return out
    const rows = (await db.all(`SELECT t.order_id, t.updated_at, o.status FROM takeout_orders t JOIN orders o ON o.id = t.order_id WHERE t.order_id IN (${ids.map(() => '?').join(', ')})`, ...ids)) as Array<{
      order_id: number
      updated_at: number
      status: number
    }>
    for (const r of rows) out.set(r.order_id, versionOf(r))
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

  const tick = async () => {
    const now = performance.now()
    const list = [...streams]
    const ordersWatched = await versions([...new Set(list.flatMap((s) => (s.orderId === undefined ? [] : [s.orderId])))])
    const moves = list.some((s) => s.shopId !== undefined) ? (await storeMoves()) : new Map<number, number[]>()
    const stillStaff = await staffOf(list)
    for (const s of list) {
      // Removed from the store (server/domain/store/staff.ts) since the stream opened: it ends now; the next one is refused.
      if (now >= s.endAt || (s.shopId !== undefined && stillStaff.get(s.userId) !== s.shopId)) {
        end(s, { type: 'end' })
        continue
      }
      if (s.orderId !== undefined) {
        const v = ordersWatched.get(s.orderId) ?? null
        if (v !== null && v !== s.version) {
          s.version = v
          write(s, { type: 'change', changed_at: v, ids: [s.orderId] })
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
    try {
      await tick()
    } catch (err) {
      app.log.warn({ err }, 'takeout live check failed')
    } finally {
      ticking = false
    }
  }

  const open = async (reply: FastifyReply, s: Omit<Stream, 'reply' | 'lastWrite' | 'endAt'>, hello: TakeoutLiveEvent) => {
    if (closing || streams.size >= perProcess) throw refuse('live_busy')
    let mine = 0
    for (const x of streams) if (x.userId === s.userId) mine++
    if (mine >= perUser) throw refuse('live_too_many', { max: perUser })
    if (s.shopId !== undefined && ![...streams].some((x) => x.shopId !== undefined)) await primeStoreMoves()
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
    const version = versionOf({ updated_at: t.updated_at, status: row.status })
    await open(reply, { userId: user.id, orderId: id, version }, { type: 'hello', changed_at: version })
    return reply
  })

  app.get(`/api/${TAKEOUT_WATCH.store}`, async (req, reply) => {
    const staff = await requireStaff(db, await authenticate(db, req))
    if (!(await repo.shopById(db, staff.shopId))) throw refuse('takeout_not_offered')
    await open(reply, { userId: staff.userId, shopId: staff.shopId }, { type: 'hello', changed_at: null })
    return reply
  })

  // Shutting down: every stream is told to reconnect (to another process) and ended, so the server can close.
  app.addHook('preClose', (done) => {
    closing = true
    for (const s of [...streams]) end(s, { type: 'end' })
    done()
  })

  app.decorate('liveStreams', () => streams.size)
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Takeout live-status streams open in this process (server/http/routes/takeoutLive.ts). */
    liveStreams: () => number
  }
}
