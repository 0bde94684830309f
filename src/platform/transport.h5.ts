import { withQuery, type Transport, type TransportRequest, type TransportResponse } from '@/core/transport.types'

/**
 * H5: the browser's own fetch. Taro.request on H5 bundles fetch and AbortController polyfills and a
 * JSONP fallback (~47 KB raw) that the supported browsers do not need.
 *
 * AbortController is Chrome 66 / iOS Safari 12.1, so iOS 12.0 has fetch without it: there the timeout is
 * a timer that rejects (the abandoned exchange is left to finish on its own); elsewhere the timer also
 * aborts the fetch.
 */
async function exchange({ url, method, data, headers }: TransportRequest, signal: AbortSignal | undefined): Promise<TransportResponse> {
  const res = await fetch(method === 'GET' ? withQuery(url, data) : url, {
    method,
    headers: method === 'GET' ? headers : { ...headers, 'Content-Type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(data),
    signal,
    credentials: 'same-origin',
  })
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // Not JSON (a proxy's error page): the client reports it as a server error.
  }
  // Headers.forEach gives the names in lower case already.
  const names: Record<string, string> = {}
  res.headers.forEach((value, name) => {
    names[name] = value
  })
  return { status: res.status, body, headers: names }
}

export const transport: Transport = {
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
