import { CODE, HEADER_ORIGIN, HEADER_TOKEN, type Envelope } from '@/contract/envelope'
import { ENDPOINTS, type EndpointPath } from '@/contract/endpoints'
import type { Reason, ReasonParams } from '@/contract/reasons'
import type { ApiPath, ApiReq, ApiRes } from '@/contract/schemas'
import { askingAgain, invalidate, isFresh, kept, type Kept } from './cache'
import { learnClock } from './clock'
import { toastError } from './feedback'
import { getLang, t } from './i18n'
import { onAuthExpired, ownsExpiredSession } from './session'
import { getItem } from './storage'
import { withQuery, type Transport, type TransportRequest, type TransportResponse } from './transport.types'

/** 60000 ms for every request (H5 Taro.request only times out when told to). */
export const REQUEST_TIMEOUT_MS = 60000

let wired: { transport: Transport; apiBase: () => string } | null = null

/**
 * Hand the client this platform's transport and API host (app.tsx, at start; the jest setup too). core sits
 * below platform, so it is given them rather than importing them.
 */
export function connectRequest(transport: Transport, apiBase: () => string): void {
  wired = { transport, apiBase }
}

/**
 * A picture the server names by path ("/assets/img/shop-1.svg") as a URL this platform can load: the
 * mini-program has no origin of its own, so a path gets the API host; on H5 (same origin) it stays as it is.
 */
export function assetUrl(src: string): string {
  if (!wired || !src.startsWith('/') || src.startsWith('//')) return src
  return wired.apiBase() + src
}

export type ApiErrorKind = 'network' | 'http' | 'business' | 'auth'

/**
 * Every failed call rejects with this: HTTP status, body code, the server's msg (shown as it is: the server writes it
 * in the shopper's language) and a refusal's stable reason with its params (src/contract/reasons.ts). Screens decide
 * by the reason (isRefusal), never by the message.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly status: number
  readonly code: number | null
  /** The refusal's reason as the server sent it (a key of REASONS), null when there is none (network, HTTP). */
  readonly reason: string | null
  readonly params: ReasonParams
  /** What a refusal hands the client to act on (`data` of the envelope: the orders that block a deletion …); null for most. */
  readonly data: unknown

  constructor(kind: ApiErrorKind, message: string, status: number, code: number | null, refusal: { reason?: string | null; params?: ReasonParams; data?: unknown } = {}) {
    super(message)
    this.name = 'ApiError'
    this.kind = kind
    this.status = status
    this.code = code
    this.reason = refusal.reason ?? null
    this.params = refusal.params ?? {}
    this.data = refusal.data ?? null
  }
}

/** The call was refused (code 0) for one of these reasons. */
export function isRefusal(error: unknown, ...reasons: readonly Reason[]): error is ApiError {
  return error instanceof ApiError && error.kind === 'business' && error.reason !== null && (reasons as readonly string[]).includes(error.reason)
}

export interface RequestOptions {
  /** Show the server's msg as an error toast for 2000 ms (the order calls). */
  toastOnError?: boolean
  /** Send this token instead of the stored one (logout revokes a token already forgotten here); a -1 then leaves the stored session alone. */
  token?: string
  /** A write: the endpoints (prefixes) whose kept answers it changes (./cache.ts invalidate); all of them when not said. */
  changes?: string[]
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'code' in body
}

/** A readable line for any failure, for toasts and error states. */
export function errorMessage(e: unknown): string {
  if (e instanceof ApiError) return e.message
  return t('common.networkError')
}

/** The exchange request() makes for a call. */
function exchangeOf(path: ApiPath, payload: unknown, opts: RequestOptions, method: 'GET' | 'POST'): TransportRequest {
  if (!wired) throw new Error('request() before connectRequest(): app.tsx hands the client its transport at start')
  const shareId = getItem('share_user_user_id')
  const data: Record<string, unknown> = { ...(payload as Record<string, unknown>) }
  if (shareId && data.share_user_user_id === undefined) data.share_user_user_id = shareId
  if (data.lang === undefined) data.lang = getLang() === 'en' ? 'en' : 'zh'
  return { url: `${wired.apiBase()}/api/${path}`, method, data, headers: { [HEADER_TOKEN]: opts.token ?? getItem('token') ?? '', [HEADER_ORIGIN]: '' }, timeoutMs: REQUEST_TIMEOUT_MS }
}

/**
 * A stream's request (takeout live status: src/hooks/useLiveChanges.ts reads it through src/platform/stream): a GET
 * with the same API host, Access-Token and Access-Origin headers and `lang` as every call — the token in the header,
 * never in the URL. Not sent here: the platform reads the answer as it arrives.
 */
export function streamRequest(path: string, query: Record<string, string | number>): { url: string; headers: Record<string, string> } {
  if (!wired) throw new Error('streamRequest() before connectRequest()')
  const data: Record<string, unknown> = { ...query, lang: getLang() === 'en' ? 'en' : 'zh' }
  return { url: withQuery(`${wired.apiBase()}/api/${path}`, data), headers: { [HEADER_TOKEN]: getItem('token') ?? '', [HEADER_ORIGIN]: '' } }
}

/** A GET's key in the kept answers (./cache.ts): endpoint first (invalidate by its prefix), the session, the payload. */
const keyOf = (path: string, req: TransportRequest) => `${path} ${req.headers[HEADER_TOKEN] ?? ''} ${withQuery('', req.data)}`

const isOk = (res: TransportResponse) => res.status === 200 && isEnvelope(res.body) && res.body.code === CODE.OK

/** Send a GET and keep it under `key` (asked again by another caller meanwhile: this one); a failure is not kept. */
function ask(key: string, req: TransportRequest): Kept {
  const entry: Kept = { at: Date.now(), res: (wired as NonNullable<typeof wired>).transport.send(req) }
  const drop = () => {
    if (kept.get(key) === entry) kept.delete(key)
  }
  kept.set(key, entry)
  entry.res.then((res) => {
    // Every answer (errors too) tells the server's clock: countdowns run on it.
    learnClock(res, res.sentAt ?? entry.at, Date.now())
    if (isOk(res)) entry.got = res
    else drop()
  }, drop)
  return entry
}

/**
 * Start a GET now that a screen about to open will ask for (a page's first calls as the mini-program launches, before
 * the page has rendered: issue 15). It is kept like any answer (./cache.ts): request() and firstAnswer() take it.
 * Failures are left for request() to retry as it would have.
 */
export function startFirstAnswer<P extends EndpointPath>(path: P, payload: ApiReq<P>): void {
  if (!wired || ENDPOINTS[path] !== 'GET') return
  const req = exchangeOf(path, payload, {}, 'GET')
  const key = keyOf(path, req)
  if (!isFresh(kept.get(key))) ask(key, req)
}

/**
 * A GET's answer already at hand, for a screen's first render: kept (./cache.ts: fresh or not — the hooks ask again
 * in the background), else one the page's HTML brought (H5, server/hosting/firstAnswers.ts), which is kept from then on. A success
 * only; undefined when there is none.
 */
export function firstAnswer<P extends EndpointPath>(path: P, payload: ApiReq<P>): ApiRes<P> | undefined {
  if (!wired || ENDPOINTS[path] !== 'GET') return undefined
  const req = exchangeOf(path, payload, {}, 'GET')
  const key = keyOf(path, req)
  let hit = kept.get(key)
  const given = hit?.got ? undefined : wired.transport.firstAnswer?.(req)
  if (given && isOk(given)) {
    hit = { at: given.sentAt ?? Date.now(), res: Promise.resolve(given), got: given }
    kept.set(key, hit)
    learnClock(given, hit.at, Date.now())
  }
  return hit?.got ? ((hit.got.body as Envelope<unknown>).data as ApiRes<P>) : undefined
}

/** POSTs that change nothing (a price, the cashier's parameters, a signature, an SMS): no kept answer goes stale. */
const READS = /preCreate|payparam|JSSDK|Captcha/

/**
 * The one request client. Headers Access-Token (stored token or '') and Access-Origin (''); the stored
 * share_user_user_id and the shopper's language (`lang`: names the system defines come back in it) are added to
 * every payload; success only on HTTP 200 with body code 1.
 */
export function request<P extends EndpointPath>(path: P, payload: ApiReq<P>, opts?: RequestOptions): Promise<ApiRes<P>>
/**
 * A call of another area, whose method the caller looks up in that area's own table (src/contract/generated/, kept off
 * Home's first load: the store's STORE_ENDPOINTS in src/api/store.ts, FUEL_ENDPOINTS in src/api/fuel.ts …): the same
 * client, envelope and errors.
 */
export function request<P extends Exclude<ApiPath, EndpointPath>>(path: P, payload: ApiReq<P>, opts: RequestOptions, method: 'GET' | 'POST'): Promise<ApiRes<P>>
export async function request(path: ApiPath, payload: unknown, opts: RequestOptions = {}, method = ENDPOINTS[path as EndpointPath]): Promise<unknown> {
  const exchange = exchangeOf(path, payload, opts, method)
  const transport = (wired as NonNullable<typeof wired>).transport
  // A GET is kept (./cache.ts) — not one sent with a token of its own (logout, the launch's roles).
  const key = method === 'GET' && opts.token === undefined ? keyOf(path, exchange) : ''
  // Asked again (a pull, a retry): only an exchange still on its way is shared.
  const hit = key ? kept.get(key) : undefined
  const share = isFresh(hit) && !(askingAgain() && hit.got)
  let res: TransportResponse
  try {
    if (key) res = await (share ? (hit as Kept).res.catch(() => ask(key, exchange).res) : ask(key, exchange).res)
    else {
      const sentAt = Date.now()
      res = await transport.send(exchange)
      learnClock(res, res.sentAt ?? sentAt, Date.now())
    }
  } catch {
    const err = new ApiError('network', t('common.networkError'), 0, null)
    if (opts.toastOnError) toastError(err.message)
    throw err
  }

  const body = res.body
  const refusal = isEnvelope(body) ? { reason: typeof body.reason === 'string' ? body.reason : null, params: typeof body.params === 'object' && body.params !== null ? body.params : {}, data: body.data } : {}
  let err: ApiError
  if (res.status !== 200) {
    const msg = isEnvelope(body) && body.msg ? body.msg : t('common.serverError', { status: res.status })
    err = new ApiError('http', msg, res.status, isEnvelope(body) ? body.code : null, refusal)
  } else if (!isEnvelope(body)) {
    err = new ApiError('http', t('common.serverError', { status: res.status }), res.status, null)
  } else if (body.code === CODE.OK) {
    // A write: what was kept may say otherwise now (all of it unless the caller names what it changes).
    if (method !== 'GET' && !READS.test(path)) invalidate(...(opts.changes ?? ['']))
    return body.data
  } else if (body.code === CODE.AUTH) {
    err = new ApiError('auth', body.msg || t('auth.expired'), 200, body.code, refusal)
    // Only about the session this device holds (./session.ts): a call sent before the shopper left it (logged out,
    // deleted the account, signed in anew) sends nobody to sign-in and forgets nothing.
    if (opts.token === undefined && ownsExpiredSession(exchange.headers[HEADER_TOKEN] ?? '')) onAuthExpired()
  } else {
    err = new ApiError('business', body.msg || t('common.loadFailed'), 200, body.code, refusal)
  }
  if (opts.toastOnError) toastError(err.message)
  throw err
}
