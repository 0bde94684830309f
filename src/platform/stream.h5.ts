import { lineReader } from './streamLines'
import type { Streams } from './stream.types'

/**
 * H5: fetch with the body read as it arrives (ReadableStream's reader and TextDecoder: Chrome 52+, iOS Safari 10.3+).
 * Not EventSource: it cannot send the Access-Token header, and the token never goes in a URL.
 */
export const streams: Streams = {
  supported: () => typeof fetch === 'function' && typeof ReadableStream === 'function' && typeof TextDecoder === 'function',
  open(req, on) {
    const controller = typeof AbortController === 'function' ? new AbortController() : undefined
    let closed = false
    const lines = lineReader((value) => {
      if (!closed) on.line(value)
    })
    const finish = (how: 'closed' | 'failed') => {
      if (closed) return
      lines.flush()
      closed = true
      on.end(how)
    }
    fetch(req.url, { method: 'GET', headers: req.headers, credentials: 'same-origin', cache: 'no-store', signal: controller ? controller.signal : undefined })
      .then((res) => {
        const body = res.body
        if (!body)
          return res.text().then((text) => {
            lines.push(text)
            finish(res.status === 200 ? 'closed' : 'failed')
          })
        const reader = body.getReader()
        const decoder = new TextDecoder()
        const pump = (): Promise<void> =>
          reader.read().then((chunk) => {
            if (closed) {
              void reader.cancel().catch(() => undefined)
              return undefined
            }
            if (chunk.done) {
              lines.push(decoder.decode())
              return finish(res.status === 200 ? 'closed' : 'failed')
            }
            lines.push(decoder.decode(chunk.value, { stream: true }))
            return pump()
          })
        return pump()
      })
      .catch(() => finish('failed'))
    return {
      close() {
        closed = true
        if (controller) controller.abort()
      },
    }
  },
}
