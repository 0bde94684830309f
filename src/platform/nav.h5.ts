import type { NavPlatform } from './nav.types'

interface WeixinBridge {
  call(name: 'closeWindow'): void
}

export const navPlatform: NavPlatform = {
  // The status-bar inset comes from CSS env(safe-area-inset-top) on H5.
  metrics: () => ({ statusBarHeight: 0, barHeight: 44, rightInset: 0 }),
  exitApp() {
    const bridge = (window as unknown as { WeixinJSBridge?: WeixinBridge }).WeixinJSBridge
    bridge?.call('closeWindow')
  },
}
