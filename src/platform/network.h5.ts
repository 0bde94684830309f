import type { Network } from './network.types'

/** H5: the browser's own `online` event (Taro's H5 onNetworkStatusChange reads navigator.connection, which most browsers lack). */
export const network: Network = {
  onOnline(listener) {
    if (typeof window === 'undefined') return () => undefined
    const handler = () => listener()
    window.addEventListener('online', handler)
    return () => window.removeEventListener('online', handler)
  },
}
