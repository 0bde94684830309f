import crypto from 'node:crypto'
import { realNowMs } from '../../time'
import type { WechatApp, WechatConfig } from './config'
import { fitFields } from './fields'
import { WechatError, type PhoneNumberOutcome, type SubscribeOutcome, type TokenKind, type TokenStore, type WechatIdentity, type WechatServices } from './types'

/**
 * WeChat's server API, called with plain HTTPS (issue 40; no SDK: each call is a GET or a JSON POST). What it does:
 *
 * - Login: jscode2session (the mini-program's Taro.login code → openid, unionid) and the official account's
 *   sns/oauth2/access_token (snsapi_base's code → openid). Both answers also carry a credential of the user's session (the
 *   mini-program's session_key, the OAuth access_token): dropped at once, never returned, stored or logged.
 * - The app's access_token per app id, from POST /cgi-bin/stable_token (normal mode), kept in the database (TokenStore)
 *   so every process shares one. A process refreshes it when it is missing or expires within REFRESH_BEFORE_MS, under a
 *   lease (a conditional update: one process at a time; the others use the value while it is still valid, or wait for
 *   the new one). In normal mode WeChat answers the same token until it expires, so a refresh that got the same value
 *   back holds the lease RECHECK_MS before anyone asks again.
 * - An API answer that the token is invalid (40001, 42001, 40014): the stored value is read again (another process may
 *   have refreshed it); if our clock says it expired, a normal refresh; otherwise a forced one (`force_refresh: true`) —
 *   only while the stored value is still the refused one and no forced refresh was made in the last FORCE_GAP_MS over all
 *   processes (WeChat allows 20 a day). Then the call is made once more.
 * - The official account's jsapi_ticket (cgi-bin/ticket/getticket), kept the same way, and the JSSDK signature.
 * - The mini-program's phone number (wxa/business/getuserphonenumber), subscription messages (message/subscribe/send;
 *   fields cut to WeChat's limits: ./fields.ts) and the mini-program code (wxa/getwxacodeunlimit).
 *
 * URLs carry the AppSecret (jscode2session, OAuth) or the access_token: no URL is ever logged or put in an error.
 */

/** Refresh an access_token or jsapi_ticket this long before it expires. */
export const REFRESH_BEFORE_MS = 5 * 60_000
/** How long a refreshing process holds the lease (longer than one call's time limit). */
export const LEASE_MS = 15_000
/** After a refresh that got the same value back (stable_token's normal mode): ask again no sooner than this. */
export const RECHECK_MS = 60_000
/** At most one forced refresh in this long, over all processes. */
export const FORCE_GAP_MS = 30_000
/** WeChat's answers that the access_token is not (or no longer) good. */
export const INVALID_TOKEN = new Set([40001, 42001, 40014])

export interface WechatApiOptions {
  /** One call's time limit (default 5000 ms). */
  timeoutMs?: number
  /** While another process refreshes a token: look again this often (default 200 ms) … */
  pollMs?: number
  /** … this many times (default 40), then give up (a transient failure). */
  polls?: number
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

interface Answer {
  status: number
  type: string
  body: Buffer
}

type Json = Record<string, unknown> & { errcode?: number; errmsg?: string }

/** The mini-program's state for subscribe/send, and getwxacodeunlimit's env_version of it. */
const ENV_VERSION = { formal: 'release', trial: 'trial', developer: 'develop' } as const

export function wechatApi(config: WechatConfig, store: TokenStore, options: WechatApiOptions = {}): WechatServices {
  const timeoutMs = options.timeoutMs ?? 5000
  const pollMs = options.pollMs ?? 200
  const polls = options.polls ?? 40

  /** One HTTP exchange; a network failure, the time limit or a 5xx throws (transient), naming only `where`. */
  async function exchange(where: string, path: string, query: Record<string, string>, body?: unknown): Promise<Answer> {
    const url = `${config.apiBase}${path}?${new URLSearchParams(query).toString()}`
    let res: Response
    try {
      res = await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      const name = (error as { name?: string }).name
      throw new Error(`WeChat ${where}: ${name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${timeoutMs} ms` : 'network error'}`)
    }
    const bytes = Buffer.from(await res.arrayBuffer())
    if (res.status >= 500) throw new Error(`WeChat ${where}: HTTP ${res.status}`)
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: bytes }
  }

  /** A JSON answer; errcode -1 ("system busy") and 45009 (API quota of the minute/day) are transient, others WechatError. */
  function json(where: string, a: Answer): Json {
    let parsed: Json
    try {
      parsed = JSON.parse(a.body.toString('utf8')) as Json
    } catch {
      throw new Error(`WeChat ${where}: HTTP ${a.status}, not JSON`)
    }
    const code = typeof parsed.errcode === 'number' ? parsed.errcode : 0
    if (code === -1 || code === 45009) throw new Error(`WeChat ${where}: errcode ${code} (busy; try again)`)
    if (code !== 0) throw new WechatError(code, String(parsed.errmsg ?? ''), where)
    return parsed
  }

  // ---- tokens shared through the database -------------------------------------------------------------------------

  function sharedToken(appId: string, kind: TokenKind, fetchValue: (force: boolean) => Promise<{ value: string; expiresIn: number }>) {
    async function refresh(force: boolean, previous: string | null): Promise<string> {
      let fresh: { value: string; expiresIn: number }
      try {
        fresh = await fetchValue(force)
      } catch (error) {
        await store.release(appId, kind)
        throw error
      }
      const now = realNowMs()
      const expiresAt = now + fresh.expiresIn * 1000
      // The same value back (normal mode while it is valid): hold the lease a while, so nobody asks again at once.
      await store.save(appId, kind, fresh.value, expiresAt, fresh.value === previous ? Math.min(now + RECHECK_MS, expiresAt) : 0, now)
      return fresh.value
    }

    return {
      /** The value to call with: the stored one while it is good, else refreshed by whoever takes the lease. */
      async current(): Promise<string> {
        for (let look = 0; look < polls; look++) {
          const now = realNowMs()
          const row = await store.read(appId, kind)
          if (row?.value && row.expires_at - REFRESH_BEFORE_MS > now) return row.value
          if (await store.takeLease(appId, kind, now, now + LEASE_MS, now + REFRESH_BEFORE_MS)) return refresh(false, row?.value ?? null)
          // Another process is refreshing (or asked a moment ago and got the same value): the stored value while it lasts.
          if (row?.value && row.expires_at > now) return row.value
          await wait(pollMs)
        }
        throw new Error(`WeChat ${kind}: another process is refreshing it and no value came`)
      },
      /** WeChat refused `stale` as invalid: the value to call with once more. */
      async renew(stale: string): Promise<string> {
        for (let look = 0; look < polls; look++) {
          const now = realNowMs()
          const row = await store.read(appId, kind)
          if (row?.value && row.value !== stale && row.expires_at > now) return row.value
          // Expired by our clock too: a normal refresh gets a new one.
          if ((!row?.value || row.expires_at - RECHECK_MS <= now) && (await store.takeLease(appId, kind, now, now + LEASE_MS, now + RECHECK_MS))) {
            const value = await refresh(false, stale)
            if (value !== stale) return value
          }
          if (await store.takeForce(appId, kind, stale, now, now + LEASE_MS, now - FORCE_GAP_MS)) return refresh(true, stale)
          await wait(pollMs)
        }
        throw new Error(`WeChat ${kind}: refused as invalid, and a forced refresh was made less than ${FORCE_GAP_MS / 1000} s ago`)
      },
    }
  }

  function accessTokenOf(app: WechatApp) {
    return sharedToken(app.appId, 'access_token', async (force) => {
      const a = json('stable_token', await exchange('stable_token', '/cgi-bin/stable_token', {}, { grant_type: 'client_credential', appid: app.appId, secret: app.secret, force_refresh: force }))
      if (typeof a.access_token !== 'string' || typeof a.expires_in !== 'number') throw new Error('WeChat stable_token: no access_token in the answer')
      return { value: a.access_token, expiresIn: a.expires_in }
    })
  }

  /** `call` with the app's access_token; an invalid-token answer renews it once and calls again. */
  async function withToken<T>(token: ReturnType<typeof accessTokenOf>, call: (accessToken: string) => Promise<T>): Promise<T> {
    const first = await token.current()
    try {
      return await call(first)
    } catch (error) {
      if (!(error instanceof WechatError) || !INVALID_TOKEN.has(error.errcode)) throw error
    }
    return call(await token.renew(first))
  }

  const identityOf = (a: Json, where: string): WechatIdentity => {
    if (typeof a.openid !== 'string' || !a.openid) throw new Error(`WeChat ${where}: no openid in the answer`)
    // session_key (jscode2session) and access_token/refresh_token (OAuth) are the user's session: not kept, not returned.
    return typeof a.unionid === 'string' && a.unionid ? { openid: a.openid, unionid: a.unionid } : { openid: a.openid }
  }

  const mp = config.mp
  const gzh = config.gzh
  const mpToken = mp ? accessTokenOf(mp) : null
  const gzhToken = gzh ? accessTokenOf(gzh) : null

  return {
    miniProgram:
      mp && mpToken
        ? {
            async session(code) {
              const a = json('jscode2session', await exchange('jscode2session', '/sns/jscode2session', { appid: mp.appId, secret: mp.secret, js_code: code, grant_type: 'authorization_code' }))
              return identityOf(a, 'jscode2session')
            },
            async phoneNumber(code): Promise<PhoneNumberOutcome> {
              let a: Json
              try {
                a = await withToken(mpToken, async (t) => json('getuserphonenumber', await exchange('getuserphonenumber', '/wxa/business/getuserphonenumber', { access_token: t }, { code })))
              } catch (error) {
                if (!(error instanceof WechatError)) throw error
                if (error.errcode === 40029) return { refused: 'invalid_code', errcode: error.errcode }
                if (error.errcode === 1400001 || error.errcode === 48001) return { refused: 'unavailable', errcode: error.errcode }
                throw error
              }
              const info = (a.phone_info ?? {}) as { purePhoneNumber?: unknown; countryCode?: unknown }
              const phone = typeof info.purePhoneNumber === 'string' ? info.purePhoneNumber : ''
              // The account is a mainland mobile number (+86); another country's number cannot log in here.
              if (String(info.countryCode ?? '86') !== '86' || !/^1\d{10}$/.test(phone)) return { refused: 'unavailable' }
              return { phone }
            },
            async codeImage(scene) {
              const a = await withToken(mpToken, async (t) => {
                const answer = await exchange('getwxacodeunlimit', '/wxa/getwxacodeunlimit', { access_token: t }, { scene, page: config.invitePage, check_path: config.checkPath, env_version: ENV_VERSION[config.mpState], width: 430 })
                // An image on success; JSON (errcode) otherwise.
                if (answer.type.startsWith('image/')) return answer
                json('getwxacodeunlimit', answer)
                throw new Error('WeChat getwxacodeunlimit: neither an image nor an error')
              })
              return a.body
            },
            async subscribe(message): Promise<SubscribeOutcome> {
              try {
                await withToken(mpToken, async (t) =>
                  json(
                    'subscribe/send',
                    await exchange('subscribe/send', '/cgi-bin/message/subscribe/send', { access_token: t }, { ...message, data: fitFields(message.data), miniprogram_state: config.mpState, lang: 'zh_CN' }),
                  ),
                )
                return { state: 'sent' }
              } catch (error) {
                if (!(error instanceof WechatError)) throw error
                if (error.errcode === 43101) return { state: 'refused', errcode: error.errcode, errmsg: error.errmsg }
                // Still invalid after a renewal: try again later (the outbox), not the shopper's fault.
                if (INVALID_TOKEN.has(error.errcode)) throw new Error(`WeChat subscribe/send: errcode ${error.errcode} after a renewed token`)
                return { state: 'failed', errcode: error.errcode, errmsg: error.errmsg }
              }
            },
          }
        : null,
    officialAccount:
      gzh && gzhToken
        ? (() => {
            const ticket = sharedToken(gzh.appId, 'jsapi_ticket', async () => {
              const a = await withToken(gzhToken, async (t) => json('getticket', await exchange('getticket', '/cgi-bin/ticket/getticket', { access_token: t, type: 'jsapi' })))
              if (typeof a.ticket !== 'string' || typeof a.expires_in !== 'number') throw new Error('WeChat getticket: no ticket in the answer')
              return { value: a.ticket, expiresIn: a.expires_in }
            })
            return {
              standIn: false,
              authorizeUrl(redirectUri: string, state: string) {
                // WeChat's order of parameters, and its #wechat_redirect (its documentation says both matter).
                return `${config.openBase}/connect/oauth2/authorize?appid=${gzh.appId}&redirect_uri=${encodeURIComponent(redirectUri)}&response_type=code&scope=snsapi_base&state=${encodeURIComponent(state)}#wechat_redirect`
              },
              async openid(code: string) {
                const a = json('oauth2/access_token', await exchange('oauth2/access_token', '/sns/oauth2/access_token', { appid: gzh.appId, secret: gzh.secret, code, grant_type: 'authorization_code' }))
                return identityOf(a, 'oauth2/access_token')
              },
              async jssdk(url: string) {
                const value = await ticket.current()
                const timestamp = Math.floor(realNowMs() / 1000)
                const nonceStr = crypto.randomBytes(8).toString('hex')
                return { appId: gzh.appId, timestamp, nonceStr, signature: jssdkSignature(value, nonceStr, timestamp, url) }
              },
            }
          })()
        : null,
  }
}

/** WeChat's JSSDK signature: sha1 over the four fields in this order (the url without its #fragment). */
export function jssdkSignature(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  return crypto.createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url.split('#')[0]}`).digest('hex')
}
