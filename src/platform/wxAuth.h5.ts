import { isRefusal, request } from '@/core/request'
import { getItem, setItem } from '@/core/storage'
import type { WxAuth } from './wxAuth.types'

const inWeChat = () => /MicroMessenger/i.test(navigator.userAgent)

export const wxAuth: WxAuth = {
  async prepare(query, currentPath) {
    if (!inWeChat() || getItem('h5_wx_gzh_openid')) return 'ready'
    if (query.code) {
      // Back from WeChat OAuth: trade the code (with the state the server signed) for the official-account openid.
      try {
        const { openid } = await request('wechat/getOpenID', { code: query.code, state: query.state })
        setItem('h5_wx_gzh_openid', openid)
        return 'ready'
      } catch (e) {
        // A code used already (a reload) or a state too old: through WeChat's authorization once more, for a fresh pair.
        if (!isRefusal(e, 'wechat_code_invalid', 'wechat_oauth_state_invalid')) throw e
      }
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
