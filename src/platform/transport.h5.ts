import { withQuery, type Transport, type TransportRequest, type TransportResponse } from '@/core/transport.types'

/**
 * H5: the browser's own fetch. Taro.request on H5 bundles fetch and AbortController polyfills and a
 * JSONP fallback (~47 KB raw) that the supported browsers do not need.
 *
 * AbortController is Chrome 66 / iOS Safari 12.1, so iOS 12.0 has fetch without it: there the timeout is
 * a timer that rejects (the abandoned exchange is left to finish on its own); elsewhere the timer also
 * aborts the fetch.
 */
/**
 * A GET the page started before the app's code arrived (server/early.ts), by its URL; each is taken once. `got`:
 * its answer, once it has arrived — or from the start, when the server put the answer in the page (no `res` then).
 */
interface EarlyCall {
  at: number
  res?: Promise<Response>
  got?: { status: number; text: string; headers: Record<string, string> }
}

function takeEarly(url: string, arrived?: boolean): EarlyCall | undefined {
  const early = (window as { __ocpEarly?: Record<string, EarlyCall | undefined> }).__ocpEarly
  const hit = early && early[url]
  if (!hit || (arrived && !hit.got)) return undefined
  early[url] = undefined
  return hit
}

/** JSON when it is JSON; a proxy's error page stays text (the client reports it as a server error). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** An early call's answer as the transport gives it. */
const answerOf = (at: number, got: NonNullable<EarlyCall['got']>): TransportResponse => ({ status: got.status, body: parsed(got.text), headers: got.headers, sentAt: at })

async function exchange({ url, method, data, headers }: TransportRequest, signal: AbortSignal | undefined): Promise<TransportResponse> {
  const target = method === 'GET' ? withQuery(url, data) : url
  const send = () =>
    fetch(target, {
      method,
      headers: method === 'GET' ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify(data),
      signal,
      credentials: 'same-origin',
    })
  // Home's first calls may be on their way already (same URL, same stored token and language); if that one
  // failed, ask again.
  const early = method === 'GET' ? takeEarly(target) : undefined
  if (early?.got) return answerOf(early.at, early.got)
  const res = early?.res ? await early.res.catch(send) : await send()
  const body = parsed(await res.text())
  // Headers.forEach gives the names in lower case already.
  const names: Record<string, string> = {}
  res.headers.forEach((value, name) => {
    names[name] = value
  })
  return { status: res.status, body, headers: names, sentAt: early ? early.at : undefined }
}

export const transport: Transport = {
  ready({ url, method, data }) {
    const early = method === 'GET' ? takeEarly(withQuery(url, data), true) : undefined
    return early?.got ? answerOf(early.at, early.got) : undefined
  },
  async send(req) {
    const controller = typeof AbortController === 'function' ? new AbortController() : undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    const timedOut = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        if (controller) controller.abort()
        reject(new Error(`request timed out after ${req.timeoutMs} ms`))
      }, req.timeoutMs)
    })
    try {
      return await Promise.race([exchange(req, controller ? controller.signal : undefined), timedOut])
    } finally {
      clearTimeout(timer)
    }
  },
}
