import { useDidShow } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { goToLogin, isLoggedIn } from '@/core/session'

/**
 * For screens that need a shopper. Anonymous on first open: off to Authorization once, asking to come
 * back to `returnTo`. Checked again every time the page shows, so coming back logged in (or from an
 * abandoned login) re-renders the page with the right state instead of a stale one.
 */
export function useLoginRequired(returnTo: string): boolean {
  const [loggedIn, setLoggedIn] = useState(isLoggedIn)
  useEffect(() => {
    if (!loggedIn) goToLogin(returnTo)
    // Only on first open: a shopper who backs out of Authorization sees the "log in first" state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useDidShow(() => setLoggedIn(isLoggedIn()))
  return loggedIn
}
