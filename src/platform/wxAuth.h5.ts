import { request } from '@/core/request'
import { getItem, setItem } from '@/core/storage'
import type { WxAuth } from './wxAuth.types'

const inWeChat = () => /MicroMessenger/i.test(navigator.userAgent)

export const wxAuth: WxAuth = {
  async prepare(query, currentPath) {
    if (!inWeChat() || getItem('h5_wx_gzh_openid')) return 'ready'
    if (query.code) {
      // Back from WeChat OAuth: trade the code for the official-account openid.
      const { openid } = await request('wechat/getOpenID', { code: query.code })
      setItem('h5_wx_gzh_openid', openid)
      return 'ready'
    }
    const { url } = await request('wechat/getWxAuthCodeUrl', { redirect: currentPath })
    window.location.replace(url)
    return 'redirecting'
  },
  async identity() {
    const openid = getItem('h5_wx_gzh_openid')
    return openid ? { openid } : {}
  },
}
