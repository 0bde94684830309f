import Taro from '@tarojs/taro'
import type { PrivacyPlatform } from './privacy.types'

/** The id WeChat checks when the agreement comes from our button. */
export const AGREE_BUTTON_ID = 'privacy-agree'

/** WeChat's privacy setting; an old base library without the API needs nothing. */
function needsAuthorization(): Promise<boolean> {
  if (typeof Taro.getPrivacySetting !== 'function') return Promise.resolve(false)
  return new Promise((resolve) => {
    Taro.getPrivacySetting({
      success: (res) => resolve(Boolean(res.needAuthorization)),
      fail: () => resolve(false),
    })
  })
}

export const privacyPlatform: PrivacyPlatform = {
  agreeButtonProps: () => ({
    id: AGREE_BUTTON_ID,
    openType: 'agreePrivacyAuthorization',
    // WeChat records the agreement itself; the form's tap handler ticks the box.
    onAgreePrivacyAuthorization: () => undefined,
  }),
  async ensureAuthorized() {
    if (!(await needsAuthorization())) return true
    if (typeof Taro.requirePrivacyAuthorize !== 'function') return true
    // Not yet agreed with WeChat (e.g. a new privacy version): WeChat shows its own prompt.
    return new Promise((resolve) => {
      Taro.requirePrivacyAuthorize({ success: () => resolve(true), fail: () => resolve(false) })
    })
  },
}
