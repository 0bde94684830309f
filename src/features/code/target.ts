import { findRoute, isTabPath } from '@/routes'

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
  const [path, query = ''] = trimmed.replace(/^\//, '').split('?')
  if (!findRoute(path)) return null
  const tab = isTabPath(path)
  return { url: tab || !query ? `/${path}` : `/${path}?${query}`, tab }
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
