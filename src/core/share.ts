import { getItem } from './storage'

/**
 * The link a shopper shares from a page: the same page and query, plus their own id as
 * share_user_user_id, so whoever arrives through it is attributed to them.
 */
export function sharePath(route: string, query: Record<string, string | undefined> = {}): string {
  const params = Object.entries(query).filter(([k, v]) => v !== undefined && k !== 'share_user_user_id' && k !== '$taroTimestamp' && k !== 'stamp') as Array<[string, string]>
  const me = getItem('myUserId')
  if (me) params.push(['share_user_user_id', String(me)])
  const qs = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')
  return `/${route.replace(/^\//, '')}${qs ? `?${qs}` : ''}`
}
