import Taro from '@tarojs/taro'
import { transport as h5 } from '@/platform/transport.h5'
import { transport as weapp } from '@/platform/transport.weapp'
import { headerOf } from '@/core/transport.types'

type FetchArgs = [string, RequestInit]

/** A fetch Response as far as the transport reads it; Headers.forEach gives names in lower case. */
function fakeFetch(status: number, text: string, headers: Record<string, string> = {}) {
  const fn = jest.fn(async (..._args: FetchArgs) => ({
    status,
    text: async () => text,
    headers: { forEach: (cb: (value: string, name: string) => void) => Object.entries(headers).forEach(([name, value]) => cb(value, name.toLowerCase())) },
  }))
  ;(globalThis as { fetch?: unknown }).fetch = fn
  return fn
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch
  jest.restoreAllMocks()
  jest.useRealTimers()
})

describe('H5 transport (the browser fetch)', () => {
  it('GET: payload in the query string, headers as given, JSON answer parsed', async () => {
    const fetchFn = fakeFetch(200, '{"code":1}')
    const res = await h5.send({ url: '/api/personal.order/read', method: 'GET', data: { id: 5, skip: undefined, q: 'a b' }, headers: { 'Access-Token': 't' }, timeoutMs: 60000 })
    expect(res).toEqual({ status: 200, body: { code: 1 }, headers: {} })
    const [url, init] = fetchFn.mock.calls[0]
    expect(url).toBe('/api/personal.order/read?id=5&q=a%20b')
    expect(init.method).toBe('GET')
    expect(init.body).toBeUndefined()
    expect(init.headers).toEqual({ 'Access-Token': 't' })
  })

  it('POST: JSON body; a non-JSON answer comes back as text with its status', async () => {
    const fetchFn = fakeFetch(502, '<html>bad gateway</html>')
    const res = await h5.send({ url: '/api/x', method: 'POST', data: { a: 1 }, headers: {}, timeoutMs: 60000 })
    expect(res).toEqual({ status: 502, body: '<html>bad gateway</html>', headers: {} })
    expect(fetchFn.mock.calls[0][1]).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } })
  })

  it('answers with the response headers, read by any case', async () => {
    fakeFetch(200, '{"code":1}', { 'X-Server-Time': '1795442424123', 'Content-Type': 'application/json' })
    const res = await h5.send({ url: '/api/x', method: 'GET', data: {}, headers: {}, timeoutMs: 60000 })
    expect(headerOf(res, 'X-Server-Time')).toBe('1795442424123')
    expect(headerOf(res, 'x-server-time')).toBe('1795442424123')
    expect(headerOf(res, 'content-type')).toBe('application/json')
  })

  it('gives up after the timeout and aborts the fetch', async () => {
    jest.useFakeTimers()
    let signal: AbortSignal | null | undefined
    ;(globalThis as { fetch?: unknown }).fetch = (_url: string, init: RequestInit) => {
      signal = init.signal
      return new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))))
    }
    const sending = h5.send({ url: '/api/x', method: 'GET', data: {}, headers: {}, timeoutMs: 60000 })
    jest.advanceTimersByTime(59999)
    expect(signal?.aborted).toBe(false)
    jest.advanceTimersByTime(1)
    await expect(sending).rejects.toThrow('timed out after 60000 ms')
    expect(signal?.aborted).toBe(true)
  })

  it('still gives up after the timeout without AbortController (iOS 12.0)', async () => {
    jest.useFakeTimers()
    const g = globalThis as { AbortController?: unknown; fetch?: unknown }
    const saved = g.AbortController
    delete g.AbortController
    try {
      let init: RequestInit | undefined
      g.fetch = (_url: string, i: RequestInit) => {
        init = i
        return new Promise(() => undefined) // never answers
      }
      const sending = h5.send({ url: '/api/x', method: 'GET', data: {}, headers: {}, timeoutMs: 60000 })
      expect(init?.signal).toBeUndefined()
      jest.advanceTimersByTime(60000)
      await expect(sending).rejects.toThrow('timed out after 60000 ms')
    } finally {
      g.AbortController = saved
    }
  })

  it('clears its timer when the answer comes first', async () => {
    jest.useFakeTimers()
    fakeFetch(200, '{}')
    await expect(h5.send({ url: '/api/x', method: 'GET', data: {}, headers: {}, timeoutMs: 60000 })).resolves.toEqual({ status: 200, body: {}, headers: {} })
    expect(jest.getTimerCount()).toBe(0)
  })
})

describe('weapp transport (Taro.request)', () => {
  it('passes method, data, headers and the 60 s timeout; resolves any HTTP status', async () => {
    const spy = jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 500, data: { code: 0 }, header: {}, errMsg: 'ok', cookies: [] } as never)
    const res = await weapp.send({ url: 'http://127.0.0.1:3000/api/x', method: 'POST', data: { a: 1 }, headers: { 'Access-Token': '' }, timeoutMs: 60000 })
    expect(res).toEqual({ status: 500, body: { code: 0 }, headers: {} })
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ url: 'http://127.0.0.1:3000/api/x', method: 'POST', data: { a: 1 }, timeout: 60000, header: { 'Access-Token': '', 'Content-Type': 'application/json' } }))
  })

  it('answers with the response headers, whatever case wx.request gives them in', async () => {
    jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 200, data: { code: 1 }, header: { 'X-Server-Time': '1795442424123', 'x-business-offset': '+08:00' }, errMsg: 'ok', cookies: [] } as never)
    const res = await weapp.send({ url: 'http://127.0.0.1:3000/api/x', method: 'GET', data: {}, headers: {}, timeoutMs: 60000 })
    expect(headerOf(res, 'x-server-time')).toBe('1795442424123')
    expect(headerOf(res, 'X-Business-Offset')).toBe('+08:00')
  })
})
