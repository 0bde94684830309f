import Taro from '@tarojs/taro'
import { langOfTags } from '@/contract/firstAnswers'
import type { SystemLang } from './systemLang.types'

/**
 * WeChat's own language ('zh_CN', 'zh_TW', 'en' …) from wx.getAppBaseInfo (base library 2.20.1; getSystemInfoSync,
 * which also had it, is deprecated). Anything unreadable is the app's first language, Chinese.
 */
export const systemLang: SystemLang = {
  read() {
    try {
      const language = typeof Taro.getAppBaseInfo === 'function' ? Taro.getAppBaseInfo().language : undefined
      return langOfTags(typeof language === 'string' ? [language] : []) === 'en' ? 'en' : 'zh-CN'
    } catch {
      return 'zh-CN'
    }
  },
}
