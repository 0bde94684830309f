import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local double of WeChat's server API (api.weixin.qq.com) and the official account's authorize page
 * (open.weixin.qq.com), on 127.0.0.1, built from WeChat's published documentation (issue 40). App ids and AppSecrets are
 * made per run (`env()` points a server here). What it answers:
 *
 * - GET  /sns/jscode2session (appid, secret, js_code, grant_type=authorization_code): openid, session_key (made here, so a
 *   test can look for it where it must never be), unionid; a code is good once (40163 after), `bad…` 40029, `risky…` 40226
 *   (a high-risk user), `busy…` -1. A wrong AppSecret 40125.
 * - GET  /sns/oauth2/access_token (the official account's snsapi_base code): openid, access_token, refresh_token, scope.
 * - POST /cgi-bin/stable_token ({grant_type: client_credential, appid, secret, force_refresh}): normal mode answers the
 *   current token while it is valid (expires_in: what is left), a new one once it expired; force_refresh makes a new one at
 *   once, the old one still good for 5 minutes. `tokenCalls` / `forcedRefreshes` count them per app.
 * - every call with ?access_token=: the token must be the app's current one (or the one before, within its 5 minutes);
 *   one `expireToken()` made expired answers 42001, anything else 40001.
 * - POST /wxa/business/getuserphonenumber ({code}): `phone:<11 digits>` is that number (once; 40029 after), `quota…` 1400001,
 *   `nopermission…` 48001, anything else 40029.
 * - POST /cgi-bin/message/subscribe/send: a field over WeChat's limits 47003; otherwise the next behaviour queued with
 *   `nextSubscribe(…)` ('ok', 43101 not subscribed, 40001 invalid token, 47003); sent messages in `messages`.
 * - POST /wxa/getwxacodeunlimit ({scene, page, check_path, env_version}): a PNG; a scene over 32 characters or outside
 *   WeChat's set 40169; a page not among `releasedPages` while check_path is true 41030.
 * - GET  /cgi-bin/ticket/getticket (type=jsapi): a jsapi_ticket (`ticketCalls` counts).
 * - GET  /connect/oauth2/authorize: back to redirect_uri with a code and the state, as WeChat does after snsapi_base.
 * `failNext(path, 'timeout' | '5xx')` makes the next call of a path hang or answer 502.
 */

export const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

/** WeChat's characters for a scene: letters, digits and !#$&'()*+,/:;=?@-._~ */
const SCENE = /^[A-Za-z0-9!#$&'()*+,/:;=?@\-._~]{1,32}$/

type AppKind = 'mp' | 'gzh'

interface TokenState {
  current: string
  expiresAt: number
  previous: string | null
  previousUntil: number
  /** Tokens made expired by expireToken(): 42001 rather than 40001. */
  expired: Set<string>
}

export interface WechatDouble {
  url: string
  mp: { appId: string; secret: string }
  gzh: { appId: string; secret: string }
  /** stable_token calls and forced refreshes, per app id. */
  tokenCalls: Record<string, number>
  forcedRefreshes: Record<string, number>
  ticketCalls: number
  /** Every session_key handed out (to check none leaks). */
  sessionKeys: string[]
  messages: Array<{ touser: string; template_id: string; page: string; data: Record<string, { value: string }>; miniprogram_state?: string }>
  codeRequests: Array<{ scene: string; page: string; check_path: boolean; env_version: string }>
  phoneCalls: number
  /** subscribe/send calls that reached the double (sent or not). */
  subscribeCalls: number
  /** Pages that are released (getwxacodeunlimit with check_path true accepts only these). */
  releasedPages: Set<string>
  /** Makes the app's current token expired: the next call with it answers 42001. */
  expireToken(kind: AppKind): void
  /** The behaviours of the next subscribe/send calls. */
  nextSubscribe(...b: Array<'ok' | 43101 | 40001 | 47003>): void
  failNext(path: string, how: 'timeout' | '5xx'): void
  /** The current access_token of an app (to check what a server stored). */
  currentToken(kind: AppKind): string | null
  env(): Record<string, string>
  close(): Promise<void>
}

const hex = (n: number) => crypto.randomBytes(n).toString('hex')

export async function startWechatDouble(): Promise<WechatDouble> {
  const mp = { appId: `wx${hex(8)}`, secret: hex(16) }
  const gzh = { appId: `wx${hex(8)}`, secret: hex(16) }
  const apps = new Map([
    [mp.appId, { kind: 'mp' as const, secret: mp.secret }],
    [gzh.appId, { kind: 'gzh' as const, secret: gzh.secret }],
  ])
  const tokens = new Map<string, TokenState>()
  const usedCodes = new Set<string>()
  const subscribeQueue: Array<'ok' | 43101 | 40001 | 47003> = []
  const failures = new Map<string, Array<'timeout' | '5xx'>>()
  const held = new Set<http.ServerResponse>()

  const newToken = (appId: string) => `ACCESS_${appId.slice(-4)}_${hex(24)}`

  /** Which app a token belongs to, and whether it is good now: 0, 42001 (expired) or 40001 (unknown). */
  function checkToken(token: string | null): { appId: string; errcode: 0 } | { errcode: 40001 | 42001 } {
    const now = Date.now()
    if (!token) return { errcode: 40001 }
    for (const [appId, t] of tokens) {
      if (token === t.current) return t.expired.has(token) || t.expiresAt <= now ? { errcode: 42001 } : { appId, errcode: 0 }
      if (token === t.previous) return t.previousUntil > now && !t.expired.has(token) ? { appId, errcode: 0 } : { errcode: 42001 }
      if (t.expired.has(token)) return { errcode: 42001 }
    }
    return { errcode: 40001 }
  }

  const server = http.createServer((req, res) => {
    // One request per connection: a kept-alive socket this server closes while a slow client reuses it is a reset
    // (ECONNRESET) that says nothing about the provider's protocol.
    res.setHeader('connection', 'close')
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x')
      const q = url.searchParams
      const send = (body: unknown, status = 200) => {
        res.statusCode = status
        res.setHeader('Content-Type', 'application/json; charset=utf-8')
        res.end(JSON.stringify(body))
      }
      const err = (errcode: number, errmsg: string) => send({ errcode, errmsg: `${errmsg} rid: ${hex(4)}` })
      const queued = failures.get(url.pathname)?.shift()
      if (queued === 'timeout') {
        held.add(res)
        res.on('close', () => held.delete(res))
        return
      }
      if (queued === '5xx') {
        res.statusCode = 502
        return res.end('<html>502 Bad Gateway</html>')
      }
      let body: Record<string, unknown> = {}
      if (req.method === 'POST') {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>
        } catch {
          return err(47001, 'data format error')
        }
      }
      const withToken = (): string | null => {
        const t = checkToken(q.get('access_token'))
        if (t.errcode !== 0) {
          err(t.errcode, t.errcode === 42001 ? 'access_token expired' : 'invalid credential, access_token is invalid or not latest')
          return null
        }
        return t.appId
      }

      switch (`${req.method} ${url.pathname}`) {
        case 'GET /sns/jscode2session': {
          const app = apps.get(q.get('appid') ?? '')
          if (!app || app.kind !== 'mp') return err(40013, 'invalid appid')
          if (q.get('secret') !== app.secret) return err(40125, 'invalid appsecret')
          if (q.get('grant_type') !== 'authorization_code') return err(40002, 'invalid grant_type')
          const code = q.get('js_code') ?? ''
          if (code.startsWith('busy')) return err(-1, 'system error')
          if (code.startsWith('risky')) return err(40226, 'high risk user')
          if (!code || code.startsWith('bad')) return err(40029, 'invalid code')
          if (usedCodes.has(code)) return err(40163, 'code been used')
          usedCodes.add(code)
          const sessionKey = crypto.randomBytes(16).toString('base64')
          double.sessionKeys.push(sessionKey)
          const person = crypto.createHash('sha256').update(code.replace(/-\d+$/, '')).digest('hex')
          return send({ openid: `o${person.slice(0, 27)}`, session_key: sessionKey, unionid: `u${person.slice(27, 54)}` })
        }
        case 'GET /sns/oauth2/access_token': {
          const app = apps.get(q.get('appid') ?? '')
          if (!app || app.kind !== 'gzh') return err(40013, 'invalid appid')
          if (q.get('secret') !== app.secret) return err(40125, 'invalid appsecret')
          const code = q.get('code') ?? ''
          if (!code || code.startsWith('bad')) return err(40029, 'invalid code')
          if (usedCodes.has(code)) return err(40163, 'code been used')
          usedCodes.add(code)
          const person = crypto.createHash('sha256').update(code).digest('hex')
          return send({ access_token: `OAUTH_${hex(16)}`, expires_in: 7200, refresh_token: `REFRESH_${hex(16)}`, openid: `oG${person.slice(0, 26)}`, scope: 'snsapi_base' })
        }
        case 'POST /cgi-bin/stable_token': {
          const appId = String(body.appid ?? '')
          const app = apps.get(appId)
          if (!app) return err(40013, 'invalid appid')
          if (body.secret !== app.secret) return err(40125, 'invalid appsecret')
          if (body.grant_type !== 'client_credential') return err(40002, 'invalid grant_type')
          double.tokenCalls[appId] = (double.tokenCalls[appId] ?? 0) + 1
          const now = Date.now()
          let t = tokens.get(appId)
          const force = body.force_refresh === true
          if (force) double.forcedRefreshes[appId] = (double.forcedRefreshes[appId] ?? 0) + 1
          if (!t || force || t.expiresAt <= now || t.expired.has(t.current)) {
            t = { current: newToken(appId), expiresAt: now + 7200_000, previous: t?.current ?? null, previousUntil: force ? now + 5 * 60_000 : 0, expired: t?.expired ?? new Set() }
            tokens.set(appId, t)
          }
          return send({ access_token: t.current, expires_in: Math.floor((t.expiresAt - now) / 1000) })
        }
        case 'POST /wxa/business/getuserphonenumber': {
          double.phoneCalls++
          if (withToken() === null) return
          const code = String(body.code ?? '')
          if (code.startsWith('quota')) return err(1400001, 'quota exceeded')
          if (code.startsWith('nopermission')) return err(48001, 'api unauthorized')
          const m = /^phone:(1\d{10})/.exec(code)
          if (!m || usedCodes.has(code)) return err(40029, 'invalid code')
          usedCodes.add(code)
          return send({ errcode: 0, errmsg: 'ok', phone_info: { phoneNumber: m[1], purePhoneNumber: m[1], countryCode: '86', watermark: { timestamp: Math.floor(Date.now() / 1000), appid: mp.appId } } })
        }
        case 'POST /cgi-bin/message/subscribe/send': {
          double.subscribeCalls++
          const next = subscribeQueue[0]
          if (next === 40001) {
            subscribeQueue.shift()
            return err(40001, 'invalid credential')
          }
          if (withToken() === null) return
          const data = (body.data ?? {}) as Record<string, { value?: unknown }>
          const tooLong = Object.entries(data).some(([key, f]) => {
            const v = String(f.value ?? '')
            const n = Array.from(v).length
            const kind = key.replace(/\d+$/, '')
            return (kind === 'thing' && n > 20) || (kind === 'phrase' && (n > 5 || /[^\u3400-\u9fff]/.test(v))) || (kind === 'character_string' && (n > 32 || /[^\x21-\x7e]/.test(v)))
          })
          if (tooLong) return err(47003, 'argument invalid! data.thing2.value exceeds limit')
          const b = subscribeQueue.shift() ?? 'ok'
          if (b === 43101) return err(43101, 'user refuse to accept the msg')
          if (b === 47003) return err(47003, 'argument invalid!')
          double.messages.push({ touser: String(body.touser), template_id: String(body.template_id), page: String(body.page), data: data as Record<string, { value: string }>, miniprogram_state: body.miniprogram_state as string | undefined })
          return send({ errcode: 0, errmsg: 'ok', msgid: Date.now() })
        }
        case 'POST /wxa/getwxacodeunlimit': {
          if (withToken() === null) return
          const scene = String(body.scene ?? '')
          const page = String(body.page ?? '')
          const checkPath = body.check_path !== false
          double.codeRequests.push({ scene, page, check_path: checkPath, env_version: String(body.env_version ?? 'release') })
          if (!SCENE.test(scene)) return err(40169, 'invalid length for scene, or the data is not json string')
          if (checkPath && !double.releasedPages.has(page)) return err(41030, 'invalid page rid')
          res.setHeader('Content-Type', 'image/png')
          return res.end(ONE_PIXEL_PNG)
        }
        case 'GET /cgi-bin/ticket/getticket': {
          if (withToken() === null) return
          if (q.get('type') !== 'jsapi') return err(40097, 'invalid args')
          double.ticketCalls++
          return send({ errcode: 0, errmsg: 'ok', ticket: `TICKET_${hex(20)}`, expires_in: 7200 })
        }
        case 'GET /connect/oauth2/authorize': {
          if (q.get('appid') !== gzh.appId || q.get('scope') !== 'snsapi_base' || q.get('response_type') !== 'code') return err(10003, 'redirect_uri or appid wrong')
          const back = new URL(q.get('redirect_uri') ?? '/')
          back.searchParams.set('code', `oauth-${hex(8)}`)
          back.searchParams.set('state', q.get('state') ?? '')
          res.statusCode = 302
          res.setHeader('Location', back.toString())
          return res.end()
        }
        default:
          res.statusCode = 404
          return res.end('not found')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const double: WechatDouble = {
    url,
    mp,
    gzh,
    tokenCalls: {},
    forcedRefreshes: {},
    ticketCalls: 0,
    sessionKeys: [],
    messages: [],
    codeRequests: [],
    phoneCalls: 0,
    subscribeCalls: 0,
    releasedPages: new Set(['pages/store/join']),
    expireToken(kind) {
      const t = tokens.get(kind === 'mp' ? mp.appId : gzh.appId)
      if (t) t.expired.add(t.current)
    },
    nextSubscribe: (...b) => void subscribeQueue.push(...b),
    failNext(path, how) {
      failures.set(path, [...(failures.get(path) ?? []), how])
    },
    currentToken: (kind) => tokens.get(kind === 'mp' ? mp.appId : gzh.appId)?.current ?? null,
    env: () => ({
      WX_MP_APPID: mp.appId,
      WX_MP_SECRET: mp.secret,
      WX_GZH_APPID: gzh.appId,
      WX_GZH_SECRET: gzh.secret,
      WX_API_BASE: url,
      WX_OPEN_BASE: url,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return double
}
