import pg from 'pg'

/**
 * One PostgreSQL connection of its own, outside the pool, LISTENing on one channel (issue 42: the takeout live streams,
 * server/http/routes/takeoutLive.ts, hear of changes from server/storage/migrations/0042_live_notify.postgres.sql's triggers instead of
 * asking every 500 ms). Named `ocp-live` (application_name) so an operator sees it in pg_stat_activity.
 *
 * Notifications sent while it is not connected are lost: `connected` is called after every (re)connect, once LISTEN
 * holds, for the caller to read again what it shows. A lost connection (a restart, a terminated backend, the network)
 * is opened again after a bounded back-off — RECONNECT_FIRST_MS doubling to RECONNECT_MAX_MS, reset once connected —
 * with a log line for each loss and each return. Its errors never reach the process as uncaught 'error' events.
 */
export interface ListenHandlers {
  notify: (payload: string) => void
  connected: () => void
  /** The connection was lost, or an attempt to open it failed (a retry follows): counted for the metrics. */
  failed?: () => void
  log: {
    info: (fields: Record<string, unknown>, message: string) => void
    warn: (fields: Record<string, unknown>, message: string) => void
  }
}

export interface Listener {
  close: () => Promise<void>
  /** Whether LISTEN holds now. */
  listening: () => boolean
}

export const RECONNECT_FIRST_MS = 250
export const RECONNECT_MAX_MS = 10_000
/** How long opening the connection may take before it counts as failed (then the back-off). */
const CONNECT_TIMEOUT_MS = 5_000

export function listen(url: string, channel: string, handlers: ListenHandlers): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listen: channel ${channel} is not a plain name`)
  let client: pg.Client | null = null
  let closed = false
  let holds = false
  let delay = RECONNECT_FIRST_MS
  let timer: ReturnType<typeof setTimeout> | null = null
  let lostAt = 0

  const retry = (error: unknown) => {
    holds = false
    if (closed || timer) return
    handlers.failed?.()
    if (lostAt === 0) lostAt = performance.now()
    const err = error as { code?: string; message?: string } | undefined
    handlers.log.warn(
      { channel, code: err?.code, err: err?.message, retryInMs: delay },
      `live changes: the LISTEN connection to PostgreSQL was lost; connecting again in ${delay} ms (changes are read again once it holds)`,
    )
    timer = setTimeout(() => {
      timer = null
      void open()
    }, delay)
    timer.unref()
    delay = Math.min(delay * 2, RECONNECT_MAX_MS)
  }

  const open = async () => {
    if (closed) return
    const c = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'ocp-live' })
    client = c
    let failed = false
    const lost = (error: unknown) => {
      if (failed || client !== c) return
      failed = true
      client = null
      c.removeAllListeners('notification')
      // The client is done with; its own end may error again (already closed): heard and dropped.
      c.on('error', () => undefined)
      void c.end().catch(() => undefined)
      retry(error)
    }
    c.on('error', lost)
    c.on('end', () => lost(new Error('connection ended')))
    c.on('notification', (msg) => {
      if (msg.channel === channel) handlers.notify(msg.payload ?? '')
    })
    try {
      await c.connect()
      await c.query(`LISTEN ${channel}`)
    } catch (error) {
      lost(error)
      return
    }
    if (closed || client !== c) return
    holds = true
    delay = RECONNECT_FIRST_MS
    if (lostAt) handlers.log.info({ channel, downMs: Math.round(performance.now() - lostAt) }, 'live changes: listening on PostgreSQL again; open streams read again')
    lostAt = 0
    handlers.connected()
  }

  void open()
  return {
    listening: () => holds,
    close: async () => {
      closed = true
      holds = false
      if (timer) clearTimeout(timer)
      timer = null
      const c = client
      client = null
      if (c) {
        c.removeAllListeners('notification')
        c.on('error', () => undefined)
        await c.end().catch(() => undefined)
      }
    },
  }
}
