import type { ButtonProps } from '@tarojs/components'

/** What WeChat's getPhoneNumber button answered: a single-use code (5 minutes), or why not (errMsg, errno). */
export interface PhoneButtonResult {
  code?: string
  errMsg: string
  /** 1400001: the mini-program's quota of the feature is spent. */
  errno?: number
}

/**
 * The mini-program's one-tap phone number (issue 40): WeChat's own button (open-type getPhoneNumber) hands the page a
 * code the server exchanges for the number WeChat verified. weapp only: H5 has no such button (`available` false).
 */
export interface PhoneLoginPlatform {
  readonly available: boolean
  /** Props for the button that asks WeChat for the number; `onResult` gets its answer. */
  buttonProps(onResult: (result: PhoneButtonResult) => void): Partial<ButtonProps>
}
