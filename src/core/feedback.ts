import Taro from '@tarojs/taro'
import { BRAND, TEXT } from './theme'

/** The app's toasts and alerts, one place for durations (an error toast stays 2000 ms). */
export const ERROR_TOAST_MS = 2000
export const TOAST_MS = 1500

export function toastError(message: string): void {
  void Taro.showToast({ title: message, icon: 'none', duration: ERROR_TOAST_MS }).catch(() => undefined)
}

/**
 * What a toast with an icon can hold: WeChat shows at most 7 Chinese characters under the tick (it cuts the rest off),
 * and Taro's H5 toast draws the same small square, breaking longer words mid-phrase ("Invite link copied: send it /
 * to a friend", issue 39). Counted in half-widths: a Chinese character (or any wide one) is two, a letter one.
 */
export const ICON_TOAST_WIDTH = 14

/** The width of `text` in half-widths (wide characters — CJK, full-width punctuation — count two). */
export function halfWidths(text: string): number {
  let n = 0
  for (const ch of text) n += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) || (ch.codePointAt(0) ?? 0) > 0xffff ? 2 : 1
  return n
}

/** Success: the tick when the words fit under it, else the words alone (two lines on both platforms), never cut. */
export function toastSuccess(message: string): void {
  void Taro.showToast({ title: message, icon: halfWidths(message) <= ICON_TOAST_WIDTH ? 'success' : 'none', duration: TOAST_MS }).catch(() => undefined)
}

export function toastInfo(message: string): void {
  void Taro.showToast({ title: message, icon: 'none', duration: TOAST_MS }).catch(() => undefined)
}

export function alertMessage(message: string, confirmText: string): Promise<void> {
  return Taro.showModal({ content: message, showCancel: false, confirmText, confirmColor: TEXT })
    .then(() => undefined)
    .catch(() => undefined)
}

/**
 * Ask before something that cannot be undone; resolves true when confirmed. The confirm button is the brand red,
 * never the platforms' default green (H5) or blue (weapp): what it does is destructive; cancel stays neutral.
 */
export function confirmAction(message: string, confirmText: string, cancelText: string): Promise<boolean> {
  return Taro.showModal({ content: message, confirmText, cancelText, confirmColor: BRAND, cancelColor: TEXT })
    .then((r) => r.confirm)
    .catch(() => false)
}
