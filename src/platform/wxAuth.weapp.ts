import Taro from '@tarojs/taro'
import type { WxAuth } from './wxAuth.types'

export const wxAuth: WxAuth = {
  prepare: async () => 'ready',
  async identity() {
    try {
      const { code } = await Taro.login()
      return code ? { wx_code: code } : {}
    } catch {
      // Binding by phone still works without the WeChat identity.
      return {}
    }
  },
}
