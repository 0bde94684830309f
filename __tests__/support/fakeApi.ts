import Taro from '@tarojs/taro'
import type { EndpointPath } from '@/contract/endpoints'
import type { ApiReq, ApiRes } from '@/contract/schemas'
import { transport } from '@/platform/transport'
import type { TransportRequest, TransportResponse } from '@/core/transport.types'

/** What a fake endpoint does: answer, fail the way the server would, or never answer (loading). */
export type Reply<P extends EndpointPath> = ApiRes<P> | { business: string } | 'offline' | 'pending'
export type Handlers = { [P in EndpointPath]?: (req: ApiReq<P>) => Reply<P> }

export const PENDING = 'pending' as const
export const OFFLINE = 'offline' as const

export interface FakeOptions {
  /** The server's clock (ms): answers carry it as X-Server-Time, as the reference server's do. */
  serverTime?: () => number
}

/**
 * Route the app's one transport to typed handlers, per endpoint, the way the reference server answers
 * (`{code, msg, data}` envelope). An endpoint without a handler fails the test loudly.
 */
export function fakeApi(handlers: Handlers, options: FakeOptions = {}) {
  const calls: Array<{ path: EndpointPath; data: Record<string, unknown> }> = []
  const send = jest.spyOn(transport, 'send').mockImplementation((req: TransportRequest): Promise<TransportResponse> => {
    const path = req.url.replace(/^.*\/api\//, '').split('?')[0] as EndpointPath
    calls.push({ path, data: req.data })
    const handler = handlers[path] as ((data: unknown) => unknown) | undefined
    if (!handler) return Promise.reject(new Error(`no fake for ${path}`))
    const reply = handler(req.data)
    if (reply === 'pending') return new Promise(() => undefined)
    if (reply === 'offline') return Promise.reject(new Error('offline'))
    const headers: Record<string, string> = options.serverTime ? { 'x-server-time': String(options.serverTime()), 'x-business-offset': '+08:00' } : {}
    if (reply && typeof reply === 'object' && 'business' in reply) return Promise.resolve({ status: 200, body: { code: 0, msg: (reply as { business: string }).business, data: null }, headers })
    return Promise.resolve({ status: 200, body: { code: 1, msg: 'ok', data: reply }, headers })
  })
  return { send, calls, called: (path: EndpointPath) => calls.filter((c) => c.path === path) }
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
