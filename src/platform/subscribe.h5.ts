import type { SubscribeMessages } from './subscribe.types'

/** A browser has no subscription messages (WeChat's JSSDK offers none to a web page): nothing is asked. */
export const subscribeMessages: SubscribeMessages = {
  supported: false,
  ask: () => Promise.resolve([]),
}
