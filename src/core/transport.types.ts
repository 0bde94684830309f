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
}

export interface Transport {
  /** Resolves with any HTTP status; rejects only when no answer came (network, timeout). */
  send(req: TransportRequest): Promise<TransportResponse>
}

/** GET payloads travel in the query string. */
export function withQuery(url: string, data: Record<string, unknown>): string {
  const query = Object.entries(data)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
    .join('&')
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url
}
