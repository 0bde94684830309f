import { pageUrl, type RouteQuery } from '@/routes'
import { getItem } from './storage'

/**
 * The link a shopper shares from a page: the same page and query, plus their own id as
 * share_user_user_id, so whoever arrives through it is attributed to them.
 */
export function sharePath(route: string, query: Record<string, string | undefined> = {}): string {
  const params: RouteQuery = {}
  // Not carried on: someone else's referral id, Taro's cache-busting stamps.
  for (const [k, v] of Object.entries(query)) if (k !== 'share_user_user_id' && k !== '$taroTimestamp' && k !== 'stamp') params[k] = v
  const me = getItem('myUserId')
  if (me) params.share_user_user_id = String(me)
  return pageUrl(route, params)
}
