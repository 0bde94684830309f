/** One HTTP exchange as the request client needs it; the platform decides how it travels. */
export interface TransportRequest {
  url: string
  method: 'GET' | 'POST'
  data: Record<string, unknown>
  headers: Record<string, string>
  timeoutMs: number
}

export interface TransportResponse {
  status: number
  /** Parsed JSON, or the raw text when the body is not JSON. */
  body: unknown
  /** Response headers, names in lower case (read them with headerOf). Absent when the platform gave none. */
  headers?: Record<string, string>
  /** When the exchange really began, when that was before send() was called (H5: a first answer the page asked for). */
  sentAt?: number
}

export interface Transport {
  /** Resolves with any HTTP status; rejects only when no answer came (network, timeout). */
  send(req: TransportRequest): Promise<TransportResponse>
  /** An answer to this request that has already arrived (H5: a first answer the page asked for or was given), taken once; else undefined. */
  firstAnswer?(req: TransportRequest): TransportResponse | undefined
}

/** GET payloads travel in the query string. */
export function withQuery(url: string, data: Record<string, unknown>): string {
  const query = Object.entries(data)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
    .join('&')
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url
}

/** Header names in lower case (HTTP names are case-insensitive; wx.request keeps the server's spelling). */
export function lowerCaseHeaders(raw: Record<string, unknown> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  if (raw) for (const name of Object.keys(raw)) out[name.toLowerCase()] = String(raw[name])
  return out
}

/** One response header by name, whatever its case. */
export const headerOf = (res: TransportResponse, name: string): string | undefined => res.headers?.[name.toLowerCase()]
