/**
 * The platform streams of live status (src/platform/stream.*): lines come out whole and parsed however the bytes were
 * cut (H5: a fetch body read as it arrives; weapp: chunked wx.request, bytes decoded across chunk boundaries), a
 * refusal that came as one body is read too, and nothing is handed over after close().
 */
import { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { TextDecoder as NodeTextDecoder, TextEncoder as NodeTextEncoder } from 'node:util'
import Taro from '@tarojs/taro'
import { streams as h5 } from '@/platform/stream.h5'
import { streams as weapp } from '@/platform/stream.weapp'
import { lineReader, utf8Decoder } from '@/platform/streamLines'

const encoder = new NodeTextEncoder()
const hello = '{"code":1,"msg":"ok","data":{"type":"hello","changed_at":"5:20"}}\n'
const refusal = '{"code":0,"msg":"同时查看实时状态的页面过多（最多 4 个），请关闭其他页面","data":null,"reason":"live_too_many"}'

describe('lines', () => {
  it('a line cut anywhere, a multi-byte character cut between chunks, a last line without a newline', () => {
    const got: unknown[] = []
    const lines = lineReader((v) => got.push(v))
    const decode = utf8Decoder()
    const bytes = encoder.encode(hello + refusal)
    // Cut every 7 bytes: characters of the Chinese msg fall across chunks.
    for (let i = 0; i < bytes.length; i += 7) lines.push(decode(bytes.slice(i, i + 7)))
    lines.flush()
    expect(got).toEqual([JSON.parse(hello), JSON.parse(refusal)])
    const bad: unknown[] = []
    const r = lineReader((v) => bad.push(v))
    r.push('not json\n')
    expect(bad).toEqual([undefined])
  })
})

describe('H5: fetch body as a stream', () => {
  const g = globalThis as unknown as Record<string, unknown>
  const saved = { fetch: g.fetch, ReadableStream: g.ReadableStream, TextDecoder: g.TextDecoder }
  afterEach(() => Object.assign(g, saved))

  it('hands each line over as it arrives, sends the token as a header, and stops after close()', async () => {
    let push: (s: string) => void = () => undefined
    let finish: () => void = () => undefined
    const body = new NodeReadableStream<Uint8Array>({
      start(c) {
        push = (s) => c.enqueue(encoder.encode(s))
        finish = () => c.close()
      },
    })
    const fetchSpy = jest.fn(async () => ({ status: 200, body, text: async () => '' }))
    Object.assign(g, { fetch: fetchSpy, ReadableStream: NodeReadableStream, TextDecoder: NodeTextDecoder })
    expect(h5.supported()).toBe(true)
    const got: unknown[] = []
    const ends: string[] = []
    h5.open({ url: '/api/personal.takeout/watch?id=1', headers: { 'Access-Token': 'tok' } }, { line: (v) => got.push(v), end: (how) => ends.push(how) })
    expect(fetchSpy).toHaveBeenCalledWith('/api/personal.takeout/watch?id=1', expect.objectContaining({ headers: { 'Access-Token': 'tok' } }))
    push(hello.slice(0, 10))
    push(hello.slice(10))
    await waitFor(() => got.length === 1)
    expect(got[0]).toEqual(JSON.parse(hello))
    push('{"code":1,"msg":"ok","data":{"type":"end"}}\n')
    finish()
    await waitFor(() => ends.length === 1)
    expect(ends).toEqual(['closed'])
    expect(got).toHaveLength(2)
  })

  it('no ReadableStream: not supported (the hook polls)', () => {
    Object.assign(g, { ReadableStream: undefined })
    expect(h5.supported()).toBe(false)
  })
})

describe('weapp: chunked wx.request', () => {
  afterEach(() => jest.restoreAllMocks())

  it('asks for chunks, decodes them, reads a whole-body refusal at success, and is unsupported where canIUse says so', () => {
    let chunk: (res: { data: ArrayBuffer }) => void = () => undefined
    let opts: Record<string, unknown> = {}
    const abort = jest.fn()
    const task = { onChunkReceived: (cb: typeof chunk) => (chunk = cb), abort }
    const request = jest.spyOn(Taro, 'request').mockImplementation(((o: Record<string, unknown>) => {
      opts = o
      return task
    }) as unknown as typeof Taro.request)
    const got: unknown[] = []
    const ends: string[] = []
    const s = weapp.open({ url: 'https://api.example/api/personal.takeout/watch?id=1', headers: { 'Access-Token': 'tok' } }, { line: (v) => got.push(v), end: (how) => ends.push(how) })
    expect(request).toHaveBeenCalledTimes(1)
    expect(opts).toMatchObject({ enableChunked: true, method: 'GET', header: { 'Access-Token': 'tok' } })
    const bytes = encoder.encode(hello)
    chunk({ data: bytes.slice(0, 20).buffer })
    chunk({ data: bytes.slice(20).buffer })
    expect(got).toEqual([JSON.parse(hello)])
    s.close()
    expect(abort).toHaveBeenCalled()
    chunk({ data: encoder.encode(hello).buffer })
    expect(got).toHaveLength(1)

    // A refusal: one body, no chunks.
    const got2: unknown[] = []
    weapp.open({ url: 'x', headers: {} }, { line: (v) => got2.push(v), end: (how) => ends.push(how) })
    ;(opts.success as (r: { statusCode: number; data: ArrayBuffer }) => void)({ statusCode: 200, data: encoder.encode(refusal).buffer })
    expect(got2).toEqual([JSON.parse(refusal)])
    expect(ends).toEqual(['closed'])

    // A task without chunk callbacks (a stand-in wx): not a stream here, said at once.
    jest.spyOn(Taro, 'request').mockImplementation((() => ({ abort })) as unknown as typeof Taro.request)
    const unsupported: string[] = []
    weapp.open({ url: 'x', headers: {} }, { line: () => undefined, end: (how) => unsupported.push(how) })
    expect(unsupported).toEqual(['unsupported'])

    // The base library says whether it has chunks (2.20.1+).
    const t = Taro as unknown as { canIUse?: (what: string) => boolean }
    const saved = t.canIUse
    try {
      t.canIUse = (what) => what === 'request.object.enableChunked' || what === 'RequestTask.onChunkReceived'
      expect(weapp.supported()).toBe(true)
      t.canIUse = () => false
      expect(weapp.supported()).toBe(false)
    } finally {
      t.canIUse = saved
    }
  })
})

async function waitFor(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 5))
  expect(cond()).toBe(true)
}
