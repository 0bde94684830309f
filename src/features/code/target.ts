import { findRoute, isTabPath, routeUrl, type RoutePath } from '@/routes'

export interface InternalTarget {
  /** "/pages/x/y?query" */
  url: string
  /** Tab pages are opened with switchTab (which cannot carry a query). */
  tab: boolean
}

/**
 * The Code page follows what `index/getUrlByNumber` answers only when it is one of our own routes:
 * never an outside address, never a path the app does not have.
 */
export function toInternalTarget(raw: string | undefined | null): InternalTarget | null {
  if (!raw) return null
  const trimmed = raw.trim()
  if (!/^\/?pages\/[A-Za-z0-9_/]+(\?[^#\s]*)?$/.test(trimmed)) return null
  const [rawPath, rawQuery = ''] = trimmed.split('?')
  const path = findRoute(rawPath)?.path as RoutePath | undefined
  const query = parseQuery(rawQuery)
  if (!path || !query) return null
  const tab = isTabPath(path)
  return { url: routeUrl(path, tab ? {} : query), tab }
}

/** A scanned code arrives as `scene` (weapp QR, URL-encoded) or `qrCode`; either may be missing. */
export function scannedNumber(params: Record<string, string | undefined>): string | null {
  const raw = params.scene ?? params.qrCode ?? params.q
  if (!raw) return null
  let value = raw
  try {
    value = decodeURIComponent(raw)
  } catch {
    return null
  }
  value = value.trim()
  return /^[A-Za-z0-9_=&.-]{1,64}$/.test(value) ? value : null
}

/** "a=1&b=x%20y" → { a: '1', b: 'x y' }; null when an escape is malformed. Runs where URLSearchParams may not (weapp). */
export function parseQuery(qs: string): Record<string, string> | null {
  const out: Record<string, string> = {}
  for (const part of qs.split('&')) {
    if (!part) continue
    const eq = part.indexOf('=')
    try {
      const key = decodeURIComponent(eq < 0 ? part : part.slice(0, eq))
      out[key] = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1))
    } catch {
      return null
    }
  }
  return out
}
