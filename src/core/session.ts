import Taro from '@tarojs/taro'
import { BIND_PATH, isTabPath, pageUrl, routeUrl, type RouteQuery } from '@/routes'
import { forgetAnswers } from './cache'
import { getItem, removeItem, setItem } from './storage'

export function isLoggedIn(): boolean {
  return Boolean(getItem('token'))
}

/** Signed in (anew): what was kept for the shopper before is not served to this one. */
export function setToken(token: string): void {
  forgetAnswers()
  setItem('token', token)
}

/** Forget this device's session here only (the server already ended it, or said -1). */
export function forgetSession(): void {
  forgetAnswers()
  removeItem('token')
  removeItem('userIds')
  removeItem('myUserId')
}

/** The session the launch forgot without a word (its -1): a screen's own call with it still owes the shopper sign-in. */
let quietlyForgotten = ''

/** The server said -1 to the launch's own check: forget the session quietly (no jump to Authorization at launch). */
export function forgetExpiredSessionQuietly(token: string): void {
  quietlyForgotten = token
  forgetSession()
}

/**
 * Is a -1 to a call sent with `sent` about the session this device holds? Yes when it still holds it, or when the launch
 * forgot it quietly while the call was on its way (the screen that asked still needs sign-in: once). No when the
 * shopper left it (logged out, deleted the account, signed in anew): that call's -1 sends nobody anywhere.
 */
export function ownsExpiredSession(sent: string): boolean {
  const stored = getItem('token') ?? ''
  if (stored === sent) return true
  if (stored !== '' || sent === '' || sent !== quietlyForgotten) return false
  quietlyForgotten = ''
  return true
}

/** "/pages/x/y?a=1" of the page on top of the stack ('' when there is none). */
export function currentPageUrl(): string {
  const pages = Taro.getCurrentPages()
  const page = pages[pages.length - 1]
  if (!page?.route) return ''
  const options = (page as { options?: Record<string, string | undefined> }).options ?? {}
  const query: RouteQuery = {}
  for (const [k, v] of Object.entries(options)) if (k !== '$taroTimestamp' && k !== 'stamp') query[k] = v
  return pageUrl(page.route, query)
}

/** Open Authorization, asking it to come back to `redirect` (default: the current page) afterwards. */
export function goToLogin(redirect = currentPageUrl()): void {
  const here = currentPageUrl().split('?')[0]
  if (here === routeUrl(BIND_PATH)) return
  const url = routeUrl(BIND_PATH, { redirect: redirect || undefined })
  void Taro.navigateTo({ url }).catch(() => Taro.redirectTo({ url }).catch(() => undefined))
}

/** Screens that need a user: true when logged in, otherwise off to Authorization (and false). */
export function requireLogin(redirect?: string): boolean {
  if (isLoggedIn()) return true
  goToLogin(redirect)
  return false
}

/** Body code -1: the token is missing or expired — forget it and ask the shopper to bind again. */
export function onAuthExpired(): void {
  forgetSession()
  goToLogin()
}

/**
 * After logging in, go back to where the shopper was: a tab page by switchTab, the page below us by
 * navigateBack, anything else by redirectTo (so Authorization does not stay in the history).
 */
export function returnAfterLogin(redirect: string | undefined): void {
  const target = redirect && /^\/pages\/[\w/]+(\?.*)?$/.test(redirect) ? redirect : routeUrl('pages/personal/index')
  const path = target.split('?')[0].slice(1)
  if (isTabPath(path)) {
    void Taro.switchTab({ url: target.split('?')[0] })
    return
  }
  const pages = Taro.getCurrentPages()
  const below = pages[pages.length - 2]
  if (below?.route && below.route.replace(/^\//, '') === path) {
    void Taro.navigateBack({ delta: 1 })
    return
  }
  void Taro.redirectTo({ url: target })
}
