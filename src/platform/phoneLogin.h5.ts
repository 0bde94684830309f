import type { PhoneLoginPlatform } from './phoneLogin.types'

/** H5: no one-tap phone number (WeChat's button is the mini-program's); the SMS code only. */
export const phoneLogin: PhoneLoginPlatform = {
  available: false,
  buttonProps: () => ({}),
}
