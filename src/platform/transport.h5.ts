import { withQuery, type Transport } from './transport.types'

/**
 * H5: the browser's own fetch. Taro.request on H5 bundles fetch and AbortController polyfills and a
 * JSONP fallback (~47 KB raw) that the supported browsers do not need.
 */
export const transport: Transport = {
  async send({ url, method, data, headers, timeoutMs }) {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(), timeoutMs)
    try {
      const res = await fetch(method === 'GET' ? withQuery(url, data) : url, {
        method,
        headers: method === 'GET' ? headers : { ...headers, 'Content-Type': 'application/json' },
        body: method === 'GET' ? undefined : JSON.stringify(data),
        signal: controller.signal,
        credentials: 'same-origin',
      })
      const text = await res.text()
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {
        // Not JSON (a proxy's error page): the client reports it as a server error.
      }
      return { status: res.status, body }
    } finally {
      clearTimeout(timer)
    }
  },
}
