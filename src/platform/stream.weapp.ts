import Taro from '@tarojs/taro'
import { lineReader, utf8Decoder } from './streamLines'
import type { Streams } from './stream.types'

/** wx.request's longest life: the server ends a stream well before it (TAKEOUT_LIVE_DEFAULTS.streamMs). */
const REQUEST_LIMIT_MS = 60_000

/** An ArrayBuffer (by shape: the base library's may not be this realm's ArrayBuffer). */
const isBytes = (v: unknown): v is ArrayBuffer => typeof v === 'object' && v !== null && typeof (v as ArrayBuffer).byteLength === 'number'

/**
 * Mini-program: a chunked wx.request (enableChunked + RequestTask.onChunkReceived, base library 2.20.1+); where
 * canIUse says the base library lacks it, none (the hook polls). Chunks are bytes: decoded here, across chunk
 * boundaries. A body that came whole (a refusal, or a client that did not deliver chunks) is read at success.
 */
export const streams: Streams = {
  supported: () => typeof Taro.canIUse === 'function' && Taro.canIUse('request.object.enableChunked') && Taro.canIUse('RequestTask.onChunkReceived'),
  open(req, on) {
    let closed = false
    let chunks = 0
    const decode = utf8Decoder()
    const lines = lineReader((value) => {
      if (!closed) on.line(value)
    })
    const finish = (how: 'closed' | 'failed' | 'unsupported') => {
      if (closed) return
      lines.flush()
      closed = true
      on.end(how)
    }
    const task = Taro.request({
      url: req.url,
      method: 'GET',
      header: req.headers,
      enableChunked: true,
      responseType: 'arraybuffer',
      timeout: REQUEST_LIMIT_MS,
      success(res) {
        if (closed) return
        const data: unknown = res.data
        if (chunks === 0 && data) lines.push(typeof data === 'string' ? data : isBytes(data) ? decode(data) : '')
        finish(res.statusCode === 200 ? 'closed' : 'failed')
      },
      fail() {
        finish('failed')
      },
    })
    // Taro's request is a promise too: a failure is handled in fail(), its rejection is not left unhandled.
    Promise.resolve(task).catch(() => undefined)
    // canIUse said yes but the task has no chunk callbacks (a stand-in wx, an odd client): not a stream here.
    if (typeof task.onChunkReceived !== 'function') {
      finish('unsupported')
      if (typeof task.abort === 'function') task.abort()
      return { close() {} }
    }
    task.onChunkReceived((res) => {
      if (closed) return
      chunks++
      lines.push(decode(res.data))
    })
    return {
      close() {
        if (closed) return
        closed = true
        task.abort()
      },
    }
  },
}
