/**
 * The embedded web page opens only https URLs on the configured hosts (TARO_APP_WEBVIEW_HOSTS, comma
 * separated; a leading "*." allows sub-domains). Everything else — http, javascript:, data:, other hosts,
 * credentials in the URL — is refused and never loaded.
 */
export type WebUrlVerdict = { ok: true; url: string } | { ok: false; reason: 'missing' | 'malformed' | 'scheme' | 'host' }

export function parseAllowedHosts(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
}

// No URL class on every mini-program base library: parse the authority ourselves, strictly.
const HTTPS_URL = /^https:\/\/([^/?#]*)([/?#].*)?$/i

export function checkWebUrl(input: string | undefined, allowedHosts: readonly string[]): WebUrlVerdict {
  if (!input) return { ok: false, reason: 'missing' }
  let url: string
  try {
    url = decodeURIComponent(input).trim()
  } catch {
    return { ok: false, reason: 'malformed' }
  }
  if (/[\s<>"'`\\]/.test(url)) return { ok: false, reason: 'malformed' }
  const m = HTTPS_URL.exec(url)
  if (!m) return { ok: false, reason: /^[a-z][a-z0-9+.-]*:/i.test(url) ? 'scheme' : 'malformed' }
  const authority = m[1]
  // user:pass@host tricks ("https://allowed.com@evil.com") are refused outright.
  if (authority.includes('@')) return { ok: false, reason: 'host' }
  const host = authority.replace(/:\d{1,5}$/, '').toLowerCase()
  if (!/^[a-z0-9.-]+$/.test(host) || host.startsWith('.') || host.endsWith('.')) return { ok: false, reason: 'malformed' }
  const allowed = allowedHosts.some((h) => (h.startsWith('*.') ? host.endsWith(h.slice(1)) : host === h))
  return allowed ? { ok: true, url } : { ok: false, reason: 'host' }
}
