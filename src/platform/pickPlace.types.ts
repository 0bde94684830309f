import type { GeoPoint } from '@/contract/geo'

/** A point the shopper picked on a map, with what the map names there. */
export interface PickedPlace extends GeoPoint {
  name: string
  address: string
}

/**
 * Picking a point on a map (merchant sign-up, issue 26): weapp Taro.chooseLocation (declared in app.config's
 * requiredPrivateInfos). H5 has none (WeChat's JSSDK has no map picker; Taro H5's needs an outside map key): the
 * address is typed and the server places the shop at its district's centre.
 */
export interface PlacePicker {
  available: boolean
  /** null: backed out, or the map could not open. */
  pick(): Promise<PickedPlace | null>
}
