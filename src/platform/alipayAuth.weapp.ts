import type { AlipayAuth } from './alipayAuth.types'

/** The mini-program pays by WeChat Pay only: there is no Alipay buyer to authorise. */
export const alipayAuth: AlipayAuth = {
  openId: async () => 'redirecting',
}
