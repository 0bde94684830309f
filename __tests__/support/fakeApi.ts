import Taro from '@tarojs/taro'
import { CODE, type Envelope } from '@/contract/envelope'
import { reasonText, type Reason, type ReasonParams } from '@/contract/reasons'
import type { ApiPath, ApiReq, ApiRes } from '@/contract/schemas'
import type { TransportRequest, TransportResponse } from '@/core/transport.types'
import { transport } from '@/platform/transport'

/** No answer ever comes: the screen stays loading. */
export const PENDING = 'pending' as const
/** No answer came (network down, timeout): the transport rejects. */
export const OFFLINE = 'offline' as const

/**
 * How a fake endpoint answers:
 * - its data, as the server's `{code: 1, data}`;
 * - `{ business: msg, reason?, params? }`: a refusal (`code 0`) in the server's words, with its reason (see `refused`);
 * - `{ loginExpired: msg }`: `code -1`, the token is no good any more;
 * - `{ http: {status, body} }`: exactly this HTTP answer (a 5xx, a gateway's HTML page);
 * - OFFLINE or PENDING (above).
 * A handler may also return a promise of any of these: the endpoint answers when the test resolves it.
 */
/** A refusal; `data`: what the server hands the client to act on (payparam's `pay_method_required` methods …). */
export type Refused = { business: string; reason?: Reason; params?: ReasonParams; data?: unknown }
export type Reply<P extends ApiPath> = ApiRes<P> | Refused | { loginExpired: string } | { http: TransportResponse } | typeof OFFLINE | typeof PENDING
export type Handler<P extends ApiPath> = (req: ApiReq<P>) => Reply<P> | Promise<Reply<P>>
export type Handlers = { [P in ApiPath]?: Handler<P> }

/** One request the app sent: its API path and everything the transport was given (url, method, data, headers, timeout). */
export type Call = TransportRequest & { path: ApiPath }

export interface FakeApiOptions {
  /** How endpoints without a handler answer. Without it, a call to one fails the test (after it ends). */
  otherwise?: typeof PENDING | typeof OFFLINE
  /** The server's clock (ms): answers carry it as X-Server-Time, as the reference server's do. */
  serverTime?: () => number
}

/** Paths the app asked for that no handler answers, since the last check. */
let unhandled: string[] = []
afterEach(() => {
  const paths = unhandled
  unhandled = []
  if (paths.length) throw new Error(`fakeApi: no handler for ${[...new Set(paths)].join(', ')} (add one, or pass { otherwise })`)
})

const envelope = (code: Envelope<unknown>['code'], msg: string, data: unknown, headers: Record<string, string>, extra: Partial<Envelope<unknown>> = {}): TransportResponse => ({ status: 200, body: { code, msg, data, ...extra }, headers })

/** A refusal as the reference server answers it: its reason, its params and msg in the shopper's language (REASONS). */
export const refused = (reason: Reason, lang: 'zh' | 'en' = 'zh', params: ReasonParams = {}): Refused => ({ business: reasonText(reason, lang, params), reason, params })

function answer(reply: unknown, headers: Record<string, string> = {}): Promise<TransportResponse> {
  if (reply === PENDING) return new Promise(() => undefined)
  if (reply === OFFLINE) return Promise.reject(new Error('offline'))
  if (reply && typeof reply === 'object') {
    if ('business' in reply) {
      const { reason, params, data } = reply as Refused
      return Promise.resolve(envelope(CODE.FAIL, String(reply.business), data ?? null, headers, reason ? { reason, ...(params && Object.keys(params).length ? { params } : {}) } : {}))
    }
    if ('loginExpired' in reply) return Promise.resolve(envelope(CODE.AUTH, String(reply.loginExpired), null, headers))
    if ('http' in reply) return Promise.resolve(reply.http as TransportResponse)
  }
  return Promise.resolve(envelope(CODE.OK, 'ok', reply, headers))
}

/**
 * Route the app's one transport to typed handlers, per endpoint, answering the way the reference server does
 * (`{code, msg, data}` envelope), and log every request. Undone by `jest.restoreAllMocks()`.
 */
export function fakeApi(handlers: Handlers, options: FakeApiOptions = {}) {
  const calls: Call[] = []
  jest.spyOn(transport, 'send').mockImplementation((req: TransportRequest): Promise<TransportResponse> => {
    const path = req.url.replace(/^.*\/api\//, '').split('?')[0] as ApiPath
    calls.push({ ...req, path })
    const handler = handlers[path] as ((data: unknown) => unknown) | undefined
    const headers: Record<string, string> = options.serverTime ? { 'x-server-time': String(options.serverTime()), 'x-business-offset': '+08:00' } : {}
    if (handler) return Promise.resolve(handler(req.data)).then((reply) => answer(reply, headers))
    if (options.otherwise) return answer(options.otherwise)
    unhandled.push(path)
    return Promise.reject(new Error(`fakeApi: no handler for ${path}`))
  })
  return { calls, called: (path: ApiPath) => calls.filter((c) => c.path === path) }
}

/** The page's query, as the router would give it, and a stack of `depth` pages. */
export function openedWith(route: string, params: Record<string, string> = {}, depth = 2) {
  const current = Taro.getCurrentInstance() as { router?: unknown }
  current.router = { params, path: `/${route}`, onReady: '', onHide: '', onShow: '' }
  jest.spyOn(Taro, 'getCurrentPages').mockReturnValue(Array.from({ length: depth }, () => ({ route, options: params }) as unknown as Taro.Page))
}

export function resetRouter() {
  ;(Taro.getCurrentInstance() as { router?: unknown }).router = null
}
