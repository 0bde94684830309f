import { request } from '@/core/request'
import { getItem, setItem } from '@/core/storage'
import type { AlipayAuth } from './alipayAuth.types'

/** The page's own path and query without Alipay's auth_code (where the authorisation brings the shopper back). */
function hereWithout(param: string): string {
  const url = new URL(window.location.href)
  url.searchParams.delete(param)
  url.searchParams.delete('app_id')
  url.searchParams.delete('source')
  url.searchParams.delete('scope')
  return `${url.pathname}${url.search}${url.hash}`
}

/** H5 inside Alipay's browser: Alipay's web authorisation (auth_base), like WeChat's OAuth for the official account (./wxAuth.h5.ts). */
export const alipayAuth: AlipayAuth = {
  async openId() {
    const stored = getItem('h5_alipay_open_id')
    if (stored) return { open_id: stored }
    const code = new URL(window.location.href).searchParams.get('auth_code')
    if (code) {
      const { open_id } = await request('alipay/getOpenId', { code })
      setItem('h5_alipay_open_id', open_id)
      // The code is single-use: out of the address, so a reload does not trade it again.
      window.history.replaceState(window.history.state, '', hereWithout('auth_code'))
      return { open_id }
    }
    const { url } = await request('alipay/getAuthUrl', { redirect: hereWithout('auth_code') })
    window.location.assign(url)
    return 'redirecting'
  },
}
