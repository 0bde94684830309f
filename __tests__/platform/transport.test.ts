import Taro from '@tarojs/taro'
import { transport as h5 } from '@/platform/transport.h5'
import { transport as weapp } from '@/platform/transport.weapp'

type FetchArgs = [string, RequestInit]

function fakeFetch(status: number, text: string) {
  const fn = jest.fn(async (..._args: FetchArgs) => ({ status, text: async () => text }))
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
    expect(res).toEqual({ status: 200, body: { code: 1 } })
    const [url, init] = fetchFn.mock.calls[0]
    expect(url).toBe('/api/personal.order/read?id=5&q=a%20b')
    expect(init.method).toBe('GET')
    expect(init.body).toBeUndefined()
    expect(init.headers).toEqual({ 'Access-Token': 't' })
  })

  it('POST: JSON body; a non-JSON answer comes back as text with its status', async () => {
    const fetchFn = fakeFetch(502, '<html>bad gateway</html>')
    const res = await h5.send({ url: '/api/x', method: 'POST', data: { a: 1 }, headers: {}, timeoutMs: 60000 })
    expect(res).toEqual({ status: 502, body: '<html>bad gateway</html>' })
    expect(fetchFn.mock.calls[0][1]).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { 'Content-Type': 'application/json' } })
  })

  it('gives up after the timeout', async () => {
    jest.useFakeTimers()
    ;(globalThis as { fetch?: unknown }).fetch = (_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted'))))
    const sending = h5.send({ url: '/api/x', method: 'GET', data: {}, headers: {}, timeoutMs: 60000 })
    jest.advanceTimersByTime(60000)
    await expect(sending).rejects.toThrow('aborted')
  })
})

describe('weapp transport (Taro.request)', () => {
  it('passes method, data, headers and the 60 s timeout; resolves any HTTP status', async () => {
    const spy = jest.spyOn(Taro, 'request').mockResolvedValue({ statusCode: 500, data: { code: 0 }, header: {}, errMsg: 'ok', cookies: [] } as never)
    const res = await weapp.send({ url: 'http://127.0.0.1:3000/api/x', method: 'POST', data: { a: 1 }, headers: { 'Access-Token': '' }, timeoutMs: 60000 })
    expect(res).toEqual({ status: 500, body: { code: 0 } })
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ url: 'http://127.0.0.1:3000/api/x', method: 'POST', data: { a: 1 }, timeout: 60000, header: { 'Access-Token': '', 'Content-Type': 'application/json' } }))
  })
})
