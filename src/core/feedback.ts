import Taro from '@tarojs/taro'
import { BRAND, TEXT } from './theme'

/** The app's toasts and alerts, one place for durations (seed §9: error toast 2000 ms). */
export const ERROR_TOAST_MS = 2000
export const TOAST_MS = 1500

export function toastError(message: string): void {
  void Taro.showToast({ title: message, icon: 'none', duration: ERROR_TOAST_MS }).catch(() => undefined)
}

export function toastSuccess(message: string): void {
  void Taro.showToast({ title: message, icon: 'success', duration: TOAST_MS }).catch(() => undefined)
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
