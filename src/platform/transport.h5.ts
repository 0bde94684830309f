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
 * A first answer (server/hosting/firstAnswers.ts: the page asked for it before the app's code arrived, or was given it), by its URL; taken once. `got`:
 * its answer, once it has arrived — or from the start, when the server put the answer in the page (no `res` then).
 */
interface FirstAnswerEntry {
  at: number
  res?: Promise<Response>
  got?: { status: number; text: string; headers: Record<string, string> }
}

function takeFirstAnswer(url: string, arrived?: boolean): FirstAnswerEntry | undefined {
  const answers = (window as { __ocpFirstAnswers?: Record<string, FirstAnswerEntry | undefined> }).__ocpFirstAnswers
  const hit = answers && answers[url]
  if (!hit || (arrived && !hit.got)) return undefined
  answers[url] = undefined
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

/** A first answer as the transport gives it. */
const answerOf = (at: number, got: NonNullable<FirstAnswerEntry['got']>): TransportResponse => ({ status: got.status, body: parsed(got.text), headers: got.headers, sentAt: at })

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
  // The page's first answers may be on their way already (same URL, same stored token and language); if that one
  // failed, ask again.
  const first = method === 'GET' ? takeFirstAnswer(target) : undefined
  if (first?.got) return answerOf(first.at, first.got)
  const res = first?.res ? await first.res.catch(send) : await send()
  const body = parsed(await res.text())
  // Headers.forEach gives the names in lower case already.
  const names: Record<string, string> = {}
  res.headers.forEach((value, name) => {
    names[name] = value
  })
  return { status: res.status, body, headers: names, sentAt: first ? first.at : undefined }
}

export const transport: Transport = {
  firstAnswer({ url, method, data }) {
    const first = method === 'GET' ? takeFirstAnswer(withQuery(url, data), true) : undefined
    return first?.got ? answerOf(first.at, first.got) : undefined
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
