import type { Jssdk } from './jssdk.types'

// The mini-program has its own APIs (Taro.scanCode, Taro.getLocation): no JSSDK.
export const jssdk: Jssdk = { inWeChat: () => false, ready: async () => null }
