import Taro from '@tarojs/taro'
import type { Network } from './network.types'

/** The mini-program reports every change of connection; only "connected again" is passed on. */
export const network: Network = {
  onOnline(listener) {
    const handler = (res: { isConnected: boolean }) => {
      if (res.isConnected) listener()
    }
    Taro.onNetworkStatusChange(handler)
    return () => Taro.offNetworkStatusChange(handler)
  },
}
