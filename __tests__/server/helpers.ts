import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { buildApp } from '../../server/app'
import { hashToken } from '../../server/http'
import type { TakeoutTemplates } from '../../server/subscriptions'
import { nowMs } from '../../server/time'

export interface TestServer {
  app: FastifyInstance
  dir: string
  call: <T = unknown>(method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>, token?: string) => Promise<{ status: number; body: { code: number; msg: string; data: T } }>
  login: (phone: string, extra?: Record<string, unknown>) => Promise<{ token: string; userId: number }>
  quickUser: (phone: string) => { token: string; userId: number }
  close: () => Promise<void>
}

/**
 * Holds the server's clock (server/time.ts nowMs: real time plus CLOCK_AT's or the sandbox's offset) at `ms` until the
 * spy is restored (jest.restoreAllMocks / mockRestore): the real clock under it is mocked to `ms` minus the offset, so a
 * test reads the moment it names whatever moment the suite runs at (npm run test:clock).
 */
export function holdServerClock(ms: number): jest.SpyInstance<number, []> {
  const offset = nowMs() - Date.now()
  return jest.spyOn(Date, 'now').mockReturnValue(ms - offset)
}

export const SECRET = 'test-secret'
export const SANDBOX_KEY = 'test-sandbox-key'

export interface ServerOptions {
  staticDir?: string
  /** false: as `NODE_ENV=production` runs it (no sandbox helpers, no WeChat stand-ins, no provider). */
  sandbox?: boolean
  /** Login codes one client may ask for in 10 minutes (default here: high, so tests can log in freely). */
  smsPerClient?: number
  /** Subscription-message template ids of takeout moves (server/config.ts TAKEOUT_TEMPLATE_*; default none). */
  takeoutTemplates?: TakeoutTemplates
}

export async function startServer(options: ServerOptions | string = {}): Promise<TestServer> {
  const opts = typeof options === 'string' ? { staticDir: options } : options
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocp-server-'))
  const app = await buildApp({ dbPath: path.join(dir, 'test.sqlite'), staticDir: opts.staticDir, sandbox: opts.sandbox ?? true, sandboxKey: SANDBOX_KEY, paySecret: SECRET, smsPerClient: opts.smsPerClient ?? 1000, takeoutTemplates: opts.takeoutTemplates })
  const call: TestServer['call'] = async (method, url, payload = {}, token) => {
    const headers: Record<string, string> = { 'access-token': token ?? '', 'access-origin': '' }
    if (url.startsWith('sandbox/')) headers['x-sandbox-key'] = SANDBOX_KEY
    const opts: InjectOptions = { method, url: `/api/${url}`, headers }
    if (method === 'GET') opts.query = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]))
    else opts.payload = payload
    const res = await app.inject(opts)
    return { status: res.statusCode, body: res.json() }
  }
  const login: TestServer['login'] = async (phone, extra = {}) => {
    await call('POST', 'Captcha/sendSmsCaptcha', { phone })
    const outbox = await call<{ list: Array<{ code: string }> }>('GET', 'sandbox/smsOutbox', { phone })
    const res = await call<{ token: string; user: { id: number } }>('POST', 'wechat/bind', { phone, code: outbox.body.data.list[0].code, ...extra })
    if (res.body.code !== 1) throw new Error(`bind failed: ${res.body.msg}`)
    return { token: res.body.data.token, userId: res.body.data.user.id }
  }
  // Many shoppers at once (load tests) without going through SMS limits.
  let n = 0
  const quickUser: TestServer['quickUser'] = (phone) => {
    const info = app.db.prepare("INSERT INTO users (phone, nickname, avatar, created_at) VALUES (?, ?, '', '2026-01-01 00:00:00')").run(phone, `u${phone.slice(-4)}`)
    const token = `quick-${phone}-${n++}`
    app.db.prepare('INSERT INTO tokens (hash, user_id, expires_at) VALUES (?, ?, ?)').run(hashToken(token), info.lastInsertRowid, nowMs() + 3_600_000)
    return { token, userId: Number(info.lastInsertRowid) }
  }
  return {
    app,
    dir,
    call,
    login,
    quickUser,
    close: async () => {
      await app.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
