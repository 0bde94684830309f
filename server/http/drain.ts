import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'

/** A body still arriving when its answer is ready is read (and dropped) up to this many bytes more… */
export const DRAIN_MAX_BYTES = 32 * 1024 * 1024
/** …for at most this long. */
export const DRAIN_MAX_MS = 30_000

/**
 * Answers given before the request's body was read (a body over the limit, a picture over 5 MB, a refusal
 * before the upload was looked at) reach a real client. Node closes the connection right after such an answer
 * (Fastify asks it to after a body-limit error; so does a client's `Connection: close`), and closing a socket
 * with unread bytes resets the connection: a client still sending gets ECONNRESET/EPIPE and loses the answer.
 * So the answer waits until the rest of the body has been read and dropped, up to DRAIN_MAX_BYTES and
 * DRAIN_MAX_MS; past either bound it goes out with `Connection: close` and the connection is closed (a client
 * that only reads after sending everything may then see a reset: that is the price of the bound).
 */
export function finishReadingBeforeAnswering(app: FastifyInstance, bounds: { maxBytes?: number; maxMs?: number } = {}): void {
  const maxBytes = bounds.maxBytes ?? DRAIN_MAX_BYTES
  const maxMs = bounds.maxMs ?? DRAIN_MAX_MS
  // Runs on every answer, nearly always with the body read: `done` rather than async (no promise per answer).
  app.addHook('onSend', (req, reply, payload, done) => {
    const raw = req.raw
    // (`complete` is Node's: an injected request — the tests' app.inject — has none and no socket to reset.)
    if ((raw.complete as boolean | undefined) !== false || raw.destroyed || raw.readableEnded) return done(null, payload)
    // No body at all (a GET: neither a length nor chunks): nothing to read. Answered at once by a route whose hooks are
    // all synchronous, such a request is still "incomplete" — Node marks it complete only after the 'request' event
    // returns — and waiting for its end cost every GET a promise, a timer and four listeners (docs/performance.md).
    const declared = Number(raw.headers['content-length'])
    if (raw.headers['transfer-encoding'] === undefined && (raw.headers['content-length'] === undefined || declared === 0)) return done(null, payload)
    // Known to be beyond the bound: do not read it at all.
    if (Number.isFinite(declared) && declared > maxBytes) {
      reply.header('connection', 'close')
      return done(null, payload)
    }
    void drain(raw, maxBytes, maxMs).then((drained) => {
      if (!drained) reply.header('connection', 'close')
      req.log.debug({ drained }, 'answered before the body was read: rest of the body dropped')
      done(null, payload)
    })
  })
}

/** Reads and drops what is left of a request body; true when it ended within the bounds. */
function drain(raw: IncomingMessage, maxBytes: number, maxMs: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let read = 0
    const done = (ended: boolean) => {
      clearTimeout(timer)
      raw.removeListener('data', onData)
      raw.removeListener('end', onEnd)
      raw.removeListener('close', onClose)
      raw.removeListener('error', onClose)
      if (!ended) raw.pause()
      resolve(ended)
    }
    const onData = (chunk: Buffer | string) => {
      read += chunk.length
      if (read > maxBytes) done(false)
    }
    const onEnd = () => done(true)
    const onClose = () => done(raw.complete)
    const timer = setTimeout(() => done(false), maxMs)
    // Whatever was reading the body (a multipart parser stopped mid-file, a parser that gave up at its limit)
    // lets go of it; the rest only flows here.
    raw.unpipe()
    raw.removeAllListeners('data')
    raw.on('data', onData)
    raw.once('end', onEnd)
    raw.once('close', onClose)
    raw.once('error', onClose)
    raw.resume()
    if (raw.readableEnded) done(true)
  })
}
