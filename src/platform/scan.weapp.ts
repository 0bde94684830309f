import Taro from '@tarojs/taro'
import type { Scanner } from './scan.types'

export const scanner: Scanner = {
  available: () => true,
  async scan() {
    try {
      const res = await Taro.scanCode({ onlyFromCamera: true, scanType: ['qrCode', 'barCode'] })
      return { text: res.result }
    } catch (e) {
      return /cancel/i.test(String((e as { errMsg?: string })?.errMsg ?? e)) ? 'cancelled' : 'unavailable'
    }
  },
}
