import { useDidHide, useDidShow } from '@tarojs/taro'
import { useEffect, useRef, useState } from 'react'
import { CODE } from '@/contract/envelope'
import type { TakeoutLiveEvent } from '@/contract/takeout'
import { streamRequest } from '@/core/request'
import { streams as platformStreams } from '@/platform/stream'
import type { OpenStream, Streams } from '@/platform/stream.types'

/** How the screen follows changes now: a stream, polling (the fallback), or not at all (hidden, settled). */
export type LiveMode = 'stream' | 'poll' | 'off'

/** Waits before opening a stream again after one failed; once they are used up, the screen polls until shown again. */
export const LIVE_RETRY_MS: readonly number[] = [1000, 2000, 4000]
/** A stream that lasted at least this long is counted as having worked, however it ended. */
const HEALTHY_MS = 5000

/** What the screen is told: a stream (re)opened (`hello`; `first` only for the first since the screen mounted) or a change. */
export type LiveSignal = Extract<TakeoutLiveEvent, { type: 'hello' | 'change' }> & { first: boolean }

export interface LiveChangesOptions {
  /** The stream (src/contract/takeoutEndpoints.ts TAKEOUT_WATCH) and its query. */
  path: string
  query: Record<string, string | number>
  /** Follow changes only while true (loaded, and still able to move). */
  enabled: boolean
  /** A stream opened (say hello: something may have moved while none was open) or something moved: read again. */
  onSignal: (signal: LiveSignal) => void
  /** The fallback: read again every pollMs while the screen shows. */
  poll: () => void
  pollMs: number
  /** The platform's streams (tests hand in a fake). */
  streams?: Streams
  /** The waits before reopening after failures (default LIVE_RETRY_MS; tests shorten them). */
  retryMs?: readonly number[]
}

const isEnvelope = (v: unknown): v is { code: number; data: unknown } => typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number'

/**
 * Live changes for a screen while it shows (issue 25 live status): a stream from the server (src/platform/stream),
 * opened again when the server ends it (about every 50 s, under WeChat's 60 s request limit), after a failure with
 * a bounded backoff (LIVE_RETRY_MS), and on every show (a mini-program's requests fail soon after it goes to the
 * background); closed on hide, on unmount and once `enabled` turns false (a settled order). Where the platform
 * cannot stream, the server refuses (bounds), or streams keep failing, it polls while the screen shows instead.
 */
export function useLiveChanges(o: LiveChangesOptions): LiveMode {
  const latest = useRef(o)
  latest.current = o
  // Shown again after a hide: the effect runs again — a fresh stream with fresh retries.
  const [visible, setVisible] = useState(true)
  const [mode, setMode] = useState<LiveMode>('off')
  const hellos = useRef(0)
  useDidShow(() => setVisible(true))
  useDidHide(() => setVisible(false))

  const queryKey = JSON.stringify(o.query)
  const { enabled, path, pollMs } = o
  useEffect(() => {
    if (!enabled || !visible) {
      setMode('off')
      return undefined
    }
    const opener = latest.current.streams ?? platformStreams
    const waits = latest.current.retryMs ?? LIVE_RETRY_MS
    let stopped = false
    let current: OpenStream | null = null
    let retry: ReturnType<typeof setTimeout> | undefined
    let polling: ReturnType<typeof setInterval> | undefined
    let failures = 0

    const startPolling = () => {
      if (stopped || polling) return
      setMode('poll')
      polling = setInterval(() => latest.current.poll(), pollMs)
    }
    const connect = () => {
      retry = undefined
      if (stopped) return
      let req: { url: string; headers: Record<string, string> }
      try {
        req = streamRequest(path, JSON.parse(queryKey) as Record<string, string | number>)
      } catch {
        startPolling()
        return
      }
      const openedAt = Date.now()
      let greeted = false
      let told = false
      let refused = false
      let broken = false
      let ended = false
      const opened = opener.open(req, {
        line(value) {
          if (!isEnvelope(value)) {
            broken = true
            return
          }
          if (value.code !== CODE.OK) {
            refused = true
            return
          }
          const e = value.data as TakeoutLiveEvent
          if (e.type === 'end') told = true
          else if (e.type === 'hello') {
            greeted = true
            hellos.current += 1
            latest.current.onSignal({ ...e, first: hellos.current === 1 })
          } else if (e.type === 'change') latest.current.onSignal({ ...e, first: false })
        },
        end(how) {
          ended = true
          current = null
          if (stopped) return
          // Refused (not signed in, not staff, too many streams), or no stream here after all: polling.
          if (refused || how === 'unsupported') return startPolling()
          const lived = Date.now() - openedAt >= HEALTHY_MS
          if (greeted && !broken && (told || lived)) {
            failures = 0
            retry = setTimeout(connect, 0)
            return
          }
          // Worked for a while, then broke (a network change): retry from the shortest wait.
          if (greeted && lived) failures = 0
          if (failures >= waits.length) return startPolling()
          retry = setTimeout(connect, waits[failures])
          failures += 1
        },
      })
      // (It may have ended already, at once: then it is not the current stream.)
      if (!ended) {
        current = opened
        setMode('stream')
      }
    }

    if (opener.supported()) connect()
    else startPolling()
    return () => {
      stopped = true
      if (current) current.close()
      current = null
      if (retry !== undefined) clearTimeout(retry)
      if (polling !== undefined) clearInterval(polling)
    }
  }, [enabled, visible, path, queryKey, pollMs])

  return enabled && visible ? mode : 'off'
}
