import Taro from '@tarojs/taro'
import type { PlacePicker } from './pickPlace.types'

/** weapp: WeChat's own map picker (GCJ-02). */
export const placePicker: PlacePicker = {
  available: true,
  async pick() {
    try {
      const res = await Taro.chooseLocation({})
      if (!Number.isFinite(res.latitude) || !Number.isFinite(res.longitude)) return null
      return { lat: res.latitude, lng: res.longitude, name: res.name ?? '', address: res.address ?? '' }
    } catch {
      return null
    }
  },
}
