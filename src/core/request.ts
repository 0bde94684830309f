import { CODE, HEADER_ORIGIN, HEADER_TOKEN, type Envelope } from '@/contract/envelope'
import { ENDPOINTS, type EndpointPath } from '@/contract/endpoints'
import type { Reason, ReasonParams } from '@/contract/reasons'
import type { ApiPath, ApiReq, ApiRes } from '@/contract/schemas'
import type { FuelEndpointPath } from '@/contract/fuelEndpoints'
import type { StoreEndpointPath } from '@/contract/storeEndpoints'
import type { MallEndpointPath } from '@/contract/mallEndpoints'
import { learnClock } from './clock'
import { toastError } from './feedback'
import { getLang, t } from './i18n'
import { onAuthExpired } from './session'
import { getItem } from './storage'
import { withQuery, type Transport, type TransportRequest, type TransportResponse } from './transport.types'

/** seed §9: 60000 ms for every request (H5 Taro.request only times out when told to). */
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
  /** Show the server's msg as an error toast for 2000 ms (the order calls, seed §8). */
  toastOnError?: boolean
  /** Send this token instead of the stored one (logout revokes a token already forgotten here); a -1 then leaves the stored session alone. */
  token?: string
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

/** A GET the client started before a screen asked for it (startEarly), by URL and token; each is taken once. */
interface Started {
  at: number
  res: Promise<TransportResponse>
  got?: TransportResponse
}
const started = new Map<string, Started>()
/** An early answer older than this is not used (the screen asks again): it was meant for a screen about to open. */
export const EARLY_KEEP_MS = 20_000

const startedKey = (req: TransportRequest) => `${req.headers[HEADER_TOKEN] ?? ''} ${withQuery(req.url, req.data)}`

function takeStarted(req: TransportRequest, arrived?: boolean): Started | undefined {
  const key = startedKey(req)
  const hit = started.get(key)
  if (!hit || (arrived && !hit.got)) return undefined
  started.delete(key)
  return Date.now() - hit.at <= EARLY_KEEP_MS ? hit : undefined
}

/**
 * Start a GET now that a screen about to open will ask for (a page's first calls as the mini-program launches, before
 * the page has rendered: issue 15). request() — and readyAnswer(), once it has arrived — take it by its exact URL
 * and token instead of asking again; the same call already started is not started twice. Failures are left for
 * request() to retry as it would have.
 */
export function startEarly<P extends EndpointPath>(path: P, payload: ApiReq<P>): void {
  if (!wired || ENDPOINTS[path] !== 'GET') return
  const req = exchangeOf(path, payload, {}, 'GET')
  const key = startedKey(req)
  const already = started.get(key)
  if (already && Date.now() - already.at <= EARLY_KEEP_MS) return
  const entry: Started = { at: Date.now(), res: wired.transport.send(req) }
  entry.res.then(
    (res) => {
      entry.got = res
    },
    () => undefined,
  )
  started.set(key, entry)
}

/**
 * A GET's answer when it has already arrived (a page's first calls, started early: issue 15) — a success only;
 * anything else is left for request() to report. Undefined when there is none.
 */
export function readyAnswer<P extends EndpointPath>(path: P, payload: ApiReq<P>): ApiRes<P> | undefined {
  const exchange = wired ? exchangeOf(path, payload, {}, ENDPOINTS[path]) : undefined
  const mine = exchange && ENDPOINTS[path] === 'GET' ? takeStarted(exchange, true) : undefined
  const req = !mine && wired?.transport.ready ? exchange : undefined
  const res = mine ? mine.got : req && wired?.transport.ready?.(req)
  if (!res || res.status !== 200 || !isEnvelope(res.body) || res.body.code !== CODE.OK) return undefined
  learnClock(res, mine ? mine.at : (res.sentAt ?? Date.now()), Date.now())
  return res.body.data as ApiRes<P>
}

/**
 * The one request client. Headers Access-Token (stored token or '') and Access-Origin (''); the stored
 * share_user_user_id and the shopper's language (`lang`: names the system defines come back in it) are added to
 * every payload; success only on HTTP 200 with body code 1.
 */
export function request<P extends EndpointPath>(path: P, payload: ApiReq<P>, opts?: RequestOptions): Promise<ApiRes<P>>
/**
 * A call whose method the caller looks up in its own table (the store's STORE_ENDPOINTS, kept off Home's first
 * load: src/api/store.ts, and FUEL_ENDPOINTS: src/api/fuel.ts): the same client, envelope and errors.
 */
export function request<P extends StoreEndpointPath | FuelEndpointPath | MallEndpointPath>(path: P, payload: ApiReq<P>, opts: RequestOptions, method: 'GET' | 'POST'): Promise<ApiRes<P>>
export async function request(path: ApiPath, payload: unknown, opts: RequestOptions = {}, method = ENDPOINTS[path as EndpointPath]): Promise<unknown> {
  const exchange = exchangeOf(path, payload, opts, method)
  const transport = (wired as NonNullable<typeof wired>).transport
  let res: TransportResponse
  // A first call started early (startEarly) is answered by that exchange; if it failed, ask as usual.
  const early = method === 'GET' ? takeStarted(exchange) : undefined
  let sentAt = early ? early.at : Date.now()
  const again = () => {
    sentAt = Date.now()
    return transport.send(exchange)
  }
  try {
    res = early ? await early.res.catch(again) : await transport.send(exchange)
  } catch {
    const err = new ApiError('network', t('common.networkError'), 0, null)
    if (opts.toastOnError) toastError(err.message)
    throw err
  }
  // Every answer (errors too) tells the server's clock: countdowns run on it.
  learnClock(res, res.sentAt ?? sentAt, Date.now())

  const body = res.body
  const refusal = isEnvelope(body) ? { reason: typeof body.reason === 'string' ? body.reason : null, params: typeof body.params === 'object' && body.params !== null ? body.params : {}, data: body.data } : {}
  let err: ApiError
  if (res.status !== 200) {
    const msg = isEnvelope(body) && body.msg ? body.msg : t('common.serverError', { status: res.status })
    err = new ApiError('http', msg, res.status, isEnvelope(body) ? body.code : null, refusal)
  } else if (!isEnvelope(body)) {
    err = new ApiError('http', t('common.serverError', { status: res.status }), res.status, null)
  } else if (body.code === CODE.OK) {
    return body.data
  } else if (body.code === CODE.AUTH) {
    err = new ApiError('auth', body.msg || t('auth.expired'), 200, body.code, refusal)
    if (opts.token === undefined) onAuthExpired()
  } else {
    err = new ApiError('business', body.msg || t('common.loadFailed'), 200, body.code, refusal)
  }
  if (opts.toastOnError) toastError(err.message)
  throw err
}
