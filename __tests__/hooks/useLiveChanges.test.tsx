/**
 * Live status on the client (issue 25; src/hooks/useLiveChanges.ts) with a fake platform stream: a screen that shows
 * opens one stream with the token in its header (never in the URL), is told of each change, opens the next stream
 * when the server ends one, closes it when hidden and opens one again when shown, stops once the order is settled,
 * and polls instead where the platform cannot stream, where the server refuses, or when streams keep failing.
 */
import { Text } from '@tarojs/components'
import { useState } from 'react'
import type { TakeoutLiveEvent } from '@/contract/takeout'
import { setItem } from '@/core/storage'
import { useLiveChanges, type LiveSignal } from '@/hooks/useLiveChanges'
import type { StreamHandlers, StreamRequest, Streams } from '@/platform/stream.types'
import { hide, mount, show, text, unmountAll, until } from '../support/screen'

afterEach(() => unmountAll())

interface Opened {
  req: StreamRequest
  on: StreamHandlers
  /** Closed by the hook, or ended by the server. */
  closed: boolean
}
function fakeStreams(supported = true) {
  const opened: Opened[] = []
  const streams: Streams = {
    supported: () => supported,
    open(req, on) {
      // A stream the server ended is over too.
      const s: Opened = {
        req,
        on: {
          line: (v) => on.line(v),
          end: (how) => {
            s.closed = true
            on.end(how)
          },
        },
        closed: false,
      }
      opened.push(s)
      return {
        close() {
          s.closed = true
        },
      }
    },
  }
  return { streams, opened, open: () => opened.filter((s) => !s.closed) }
}
const line = (data: TakeoutLiveEvent) => ({ code: 1, msg: 'ok', data })

let setEnabled: (v: boolean) => void = () => undefined
function Live({ streams, signals, poll, retryMs = [20, 40] }: { streams: Streams; signals: LiveSignal[]; poll: () => void; retryMs?: number[] }) {
  const [enabled, set] = useState(true)
  setEnabled = set
  const mode = useLiveChanges({ path: 'personal.takeout/watch', query: { id: 7 }, enabled, onSignal: (s) => signals.push(s), poll, pollMs: 50, streams, retryMs })
  return <Text className='mode'>{mode}</Text>
}

describe('useLiveChanges', () => {
  it('streams while shown, reopens when the server ends a stream, closes on hide, reopens on show, stops once settled', async () => {
    setItem('token', 'secret-token')
    const fake = fakeStreams()
    const signals: LiveSignal[] = []
    const poll = jest.fn()
    const t = await mount(() => <Live streams={fake.streams} signals={signals} poll={poll} />)
    await show(t)
    await until(t, () => expect(text(t, '.mode')).toBe('stream'))
    expect(fake.open()).toHaveLength(1)
    const first = fake.opened[0]
    expect(first.req.url).toMatch(/\/api\/personal\.takeout\/watch\?id=7&lang=zh$/)
    expect(first.req.url).not.toContain('secret-token')
    expect(first.req.headers['Access-Token']).toBe('secret-token')

    await t.act(async () => first.on.line(line({ type: 'hello', changed_at: '1:10' })))
    await t.act(async () => first.on.line(line({ type: 'ping' })))
    await t.act(async () => first.on.line(line({ type: 'change', changed_at: '2:20', ids: [7] })))
    expect(signals).toEqual([
      { type: 'hello', changed_at: '1:10', first: true },
      { type: 'change', changed_at: '2:20', ids: [7], first: false },
    ])

    // The server's lifetime is up: the next stream opens at once, and its hello is not the first.
    await t.act(async () => {
      first.on.line(line({ type: 'end' }))
      first.on.end('closed')
    })
    await until(t, () => expect(fake.opened).toHaveLength(2))
    await t.act(async () => fake.opened[1].on.line(line({ type: 'hello', changed_at: '2:20' })))
    expect(signals[signals.length - 1]).toEqual({ type: 'hello', changed_at: '2:20', first: false })

    // Hidden: closed, nothing opens, nothing polls.
    await hide(t)
    expect(fake.open()).toHaveLength(0)
    expect(text(t, '.mode')).toBe('off')
    await t.act(() => new Promise((r) => setTimeout(r, 150)))
    expect(fake.opened).toHaveLength(2)
    expect(poll).not.toHaveBeenCalled()

    // Shown again: a new stream.
    await show(t)
    await until(t, () => expect(fake.open()).toHaveLength(1))
    expect(fake.opened).toHaveLength(3)

    // Settled: closed for good.
    await t.act(async () => setEnabled(false))
    expect(fake.open()).toHaveLength(0)
    await t.act(() => new Promise((r) => setTimeout(r, 150)))
    expect(fake.opened).toHaveLength(3)
    expect(poll).not.toHaveBeenCalled()
  })

  it('polls while shown where the platform cannot stream', async () => {
    const fake = fakeStreams(false)
    const poll = jest.fn()
    const t = await mount(() => <Live streams={fake.streams} signals={[]} poll={poll} />)
    await show(t)
    await until(t, () => expect(poll.mock.calls.length).toBeGreaterThanOrEqual(2))
    expect(text(t, '.mode')).toBe('poll')
    expect(fake.opened).toHaveLength(0)
    await hide(t)
    const n = poll.mock.calls.length
    await t.act(() => new Promise((r) => setTimeout(r, 150)))
    expect(poll.mock.calls.length).toBe(n)
  })

  it('retries a failing stream with a bounded backoff, then polls; a refusal polls at once', async () => {
    const fake = fakeStreams()
    const poll = jest.fn()
    const t = await mount(() => <Live streams={fake.streams} signals={[]} poll={poll} retryMs={[20, 40]} />)
    await show(t)
    await until(t, () => expect(fake.opened).toHaveLength(1))
    // Each attempt fails before saying hello (network, proxy): two retries, then polling.
    for (let i = 0; i < 3; i++) {
      await until(t, () => expect(fake.opened).toHaveLength(i + 1))
      await t.act(async () => fake.opened[i].on.end('failed'))
    }
    await until(t, () => expect(text(t, '.mode')).toBe('poll'))
    await t.act(() => new Promise((r) => setTimeout(r, 150)))
    expect(fake.opened).toHaveLength(3)
    expect(poll).toHaveBeenCalled()
    unmountAll()

    const refusing = fakeStreams()
    const poll2 = jest.fn()
    const t2 = await mount(() => <Live streams={refusing.streams} signals={[]} poll={poll2} />)
    await show(t2)
    await until(t2, () => expect(refusing.opened).toHaveLength(1))
    await t2.act(async () => {
      refusing.opened[0].on.line({ code: 0, msg: 'too many', reason: 'live_too_many', data: null })
      refusing.opened[0].on.end('closed')
    })
    await until(t2, () => expect(text(t2, '.mode')).toBe('poll'))
    await until(t2, () => expect(poll2).toHaveBeenCalled())
    expect(refusing.opened).toHaveLength(1)
  })

  it('a platform that cannot read pieces after all (ends at once, unsupported) polls, without retrying', async () => {
    const poll = jest.fn()
    let opens = 0
    const streams: Streams = {
      supported: () => true,
      open(_req, on) {
        opens++
        on.end('unsupported')
        return { close() {} }
      },
    }
    const t = await mount(() => <Live streams={streams} signals={[]} poll={poll} />)
    await show(t)
    await until(t, () => expect(poll).toHaveBeenCalled())
    expect(text(t, '.mode')).toBe('poll')
    await t.act(() => new Promise((r) => setTimeout(r, 150)))
    expect(opens).toBe(1)
  })
})
