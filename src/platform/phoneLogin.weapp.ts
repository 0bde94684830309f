import type { PhoneLoginPlatform } from './phoneLogin.types'

/** weapp: WeChat's getPhoneNumber button; its event's detail carries the code (or errMsg / errno when there is none). */
export const phoneLogin: PhoneLoginPlatform = {
  available: true,
  buttonProps: (onResult) => ({
    openType: 'getPhoneNumber',
    onGetPhoneNumber: (e) => {
      const detail = (e.detail ?? {}) as { code?: string; errMsg?: string; errno?: number }
      onResult({ code: detail.code || undefined, errMsg: String(detail.errMsg ?? ''), errno: detail.errno })
    },
  }),
}
