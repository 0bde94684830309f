import Taro from '@tarojs/taro'
import { dialable, type PhoneCalls } from './phone.types'

/** weapp: WeChat's call sheet (call, or add to contacts); backing out of it is no error. */
export const phone: PhoneCalls = {
  call: (number) => void Taro.makePhoneCall({ phoneNumber: dialable(number) }).catch(() => undefined),
}
