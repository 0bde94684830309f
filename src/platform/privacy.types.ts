import type { ButtonProps } from '@tarojs/components'

/**
 * Agreeing to the privacy notice before personal data leaves the device (PIPL). The form's own tick is
 * the agreement on every platform; the mini-program also runs WeChat's privacy authorization.
 */
export interface PrivacyPlatform {
  /**
   * Extra props for the "I agree" control. weapp: WeChat's own agree button (open-type
   * agreePrivacyAuthorization), so the tap also counts as WeChat's privacy authorization. H5: none.
   */
  agreeButtonProps(): Partial<ButtonProps>
  /**
   * Right before the phone number is sent, after the shopper ticked the notice. weapp: asks WeChat
   * whether its authorization is in place (WeChat shows its own prompt when not); false when refused.
   * H5: the tick is all, resolves true.
   */
  ensureAuthorized(): Promise<boolean>
}
