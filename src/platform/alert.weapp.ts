import Taro from '@tarojs/taro'
import type { NewOrderAlert } from './alert.types'

/** The mini-program: a short vibration (no gesture needed, no sound file to ship). */
export const newOrderAlert: NewOrderAlert = {
  kind: 'vibrate',
  state: () => 'ready',
  unlock: () => undefined,
  onFirstGesture: () => () => undefined,
  play() {
    try {
      void Promise.resolve(Taro.vibrateShort({ type: 'heavy' })).catch(() => undefined)
    } catch {
      // No vibrator: nothing to do.
    }
  },
}
