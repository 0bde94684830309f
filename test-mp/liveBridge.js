/**
 * Chunked requests for the simulator (takeout live status, issue 25). miniprogram-simulate does nothing for
 * `wx.request({ enableChunked: true })` / `RequestTask.onChunkReceived`: this bridge sends such a request to the test
 * server over real HTTP (node:http, headers as given — the token in Access-Token) and hands every piece of the body
 * to the page's onChunkReceived callbacks as an ArrayBuffer as it arrives, then success when the server ends the
 * answer (fail when the connection breaks). `wx.canIUse` answers yes for the two capabilities (base library
 * 2.20.1+). Every request of the page (chunked or not) goes through a meter: count, bytes sent (request line and headers)
 * and body and header bytes as the server sent them — the figures of docs/performance.md "Takeout live status: cost", measured through this bridge.
 *
 * Install with openOn's `stubs` (after the ordinary bridge of ./server.js, whose wx.request it wraps).
 */
const http = require('node:http')

const CHUNK_CAPABILITIES = new Set(['request.object.enableChunked', 'RequestTask.onChunkReceived'])

/** Header bytes of an answer as they came on the wire (status line and each header line). */
const headerBytes = (res) => {
  let n = Buffer.byteLength(`HTTP/1.1 ${res.statusCode} ${res.statusMessage || ''}\r\n\r\n`)
  for (let i = 0; i < res.rawHeaders.length; i += 2) n += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`)
  return n
}

function createMeter() {
  const meter = {
    /** Every request: { at, path, chunked, bodyBytes, headerBytes, lines, pieces: [{ at, body, header, lines }] } */
    requests: [],
    open: new Set(),
    closed: false,
    /**
     * What happened in (from, to]: requests started then, and bytes and lines that arrived then (a stream opened
     * before the window counts its later lines, not its start; what arrived in the window's first millisecond is
     * before it).
     */
    between(from, to) {
      const pieces = meter.requests.flatMap((r) => r.pieces.filter((p) => p.at > from && p.at <= to))
      const started = meter.requests.filter((r) => r.at > from && r.at <= to)
      const sum = (f) => pieces.reduce((n, p) => n + f(p), 0)
      return {
        requests: started.length,
        streams: started.filter((r) => r.chunked).length,
        reads: started.filter((r) => !r.chunked).length,
        upBytes: sum((p) => p.up || 0),
        bodyBytes: sum((p) => p.body),
        headerBytes: sum((p) => p.header),
        lines: sum((p) => p.lines),
      }
    },
    /** Stop: every open stream dropped, new chunked requests fail at once. */
    stop() {
      meter.closed = true
      for (const req of meter.open) req.destroy()
      meter.open.clear()
    },
  }
  return meter
}

/**
 * @param wx the simulator's wx (after ./server.js bridge())
 * @param base the test server's origin
 * @param meter from createMeter()
 * @param opts.chunks false: the base library has no chunks (canIUse says no; the page polls) — still metered
 */
function liveBridge(wx, base, meter, { chunks = true } = {}) {
  const plain = wx.request
  wx.canIUse = (what) => chunks && CHUNK_CAPABILITIES.has(what)

  wx.request = (opts) => {
    const url = new URL(opts.url)
    const record = { at: Date.now(), path: url.pathname, chunked: !!opts.enableChunked, bodyBytes: 0, headerBytes: 0, lines: 0, pieces: [] }
    meter.requests.push(record)
    // What the phone sends: the request line (the query as the bridge writes it) and its headers.
    const query = opts.method === 'POST' || !opts.data ? '' : new URLSearchParams(Object.entries(opts.data).map(([k, v]) => [k, String(v)])).toString()
    const body = opts.method === 'POST' && opts.data ? JSON.stringify(opts.data) : ''
    const up = Object.entries(opts.header || {}).reduce((n, [k, v]) => n + Buffer.byteLength(`${k}: ${v}\r\n`), Buffer.byteLength(`${opts.method || 'GET'} ${url.pathname}${url.search}${query ? `?${query}` : ''} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n${body}`))
    record.pieces.push({ at: record.at, up, body: 0, header: 0, lines: 0 })
    if (!opts.enableChunked) {
      // The ordinary bridge answers; the meter counts what the server sent (the body as JSON text, the headers).
      return plain({
        ...opts,
        success(res) {
          record.bodyBytes = Buffer.byteLength(typeof res.data === 'string' ? res.data : JSON.stringify(res.data))
          record.headerBytes = Object.entries(res.header || {}).reduce((n, [k, v]) => n + Buffer.byteLength(`${k}: ${v}\r\n`), 20)
          record.pieces.push({ at: Date.now(), body: record.bodyBytes, header: record.headerBytes, lines: 0 })
          if (opts.success) opts.success(res)
        },
      })
    }

    const chunkCallbacks = []
    let done = false
    const fail = (message) => {
      if (done) return
      done = true
      const res = { errMsg: `request:fail ${message}` }
      if (opts.fail) opts.fail(res)
      if (opts.complete) opts.complete(res)
    }
    const task = {
      onChunkReceived(cb) {
        chunkCallbacks.push(cb)
      },
      offChunkReceived(cb) {
        const i = chunkCallbacks.indexOf(cb)
        if (i >= 0) chunkCallbacks.splice(i, 1)
      },
      onHeadersReceived() {},
      offHeadersReceived() {},
      abort() {
        req.destroy()
        fail('abort')
      },
    }
    if (meter.closed) {
      setTimeout(() => fail('closed'), 0)
      return { ...task, abort() {} }
    }
    const req = http.request(`${base}${url.pathname}${url.search}`, { method: 'GET', headers: opts.header || {} }, (res) => {
      record.headerBytes = headerBytes(res)
      record.pieces.push({ at: Date.now(), body: 0, header: record.headerBytes, lines: 0 })
      res.on('data', (piece) => {
        if (done) return
        const lines = piece.toString('utf8').split('\n').length - 1
        record.bodyBytes += piece.length
        record.lines += lines
        record.pieces.push({ at: Date.now(), body: piece.length, header: 0, lines })
        // As the base library gives it: an ArrayBuffer of this piece only.
        const data = piece.buffer.slice(piece.byteOffset, piece.byteOffset + piece.length)
        for (const cb of chunkCallbacks.slice()) cb({ data })
      })
      res.on('end', () => {
        meter.open.delete(req)
        if (done) return
        done = true
        const answer = { statusCode: res.statusCode, header: res.headers, data: new ArrayBuffer(0), errMsg: 'request:ok' }
        if (opts.success) opts.success(answer)
        if (opts.complete) opts.complete(answer)
      })
      res.on('error', () => fail('broken'))
    })
    meter.open.add(req)
    req.on('error', (e) => {
      meter.open.delete(req)
      fail(e.message)
    })
    req.on('close', () => meter.open.delete(req))
    req.end()
    return task
  }
}

module.exports = { createMeter, liveBridge }
