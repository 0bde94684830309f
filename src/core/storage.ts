import Taro from '@tarojs/taro'

/**
 * The one typed storage module (docs/product.md#stored-on-the-device). Every key has a reader that checks the stored shape:
 * a missing, foreign or corrupted value reads as `undefined`, never as a crash.
 */
export interface UserIds {
  userIdAgent?: string | number
  userIdBuss?: string | number
  storeId?: string | number
}

/** Pending-order record kept while the shopper is away paying (docs/product.md#payment). */
export interface PendingOrder {
  orderID: number
  times: number
  /** Order kind, so that a paid `product` order opens its detail page. */
  kind?: string
}

export type Lang = 'zh-CN' | 'en'

export interface City {
  id: number
  name: string
}

interface Schema {
  token: string
  share_user_user_id: string
  h5_wx_gzh_openid: string
  /** H5 in Alipay's browser: the buyer's open_id (Alipay's auth_base), for Alipay's JSAPI payment (src/platform/alipayAuth.h5.ts). */
  h5_alipay_open_id: string
  /** H5 in a plain browser: how the shopper paid last (the payment sheet offers it first). */
  h5_pay_method: 'wechat' | 'alipay'
  userIds: UserIds
  other_parent_id: string
  qrCode: string
  scene: string
  pendingOrder: PendingOrder
  lang: Lang
  city: City
  /** The shopper chose `city` themselves: it no longer follows their location. */
  cityByHand: boolean
  searchHistory: string[]
  /** The shopper's own id: shares carry it as share_user_user_id. */
  myUserId: number
  /** Takeout carts, one per shop (issue 25): shop id → lines; re-priced by the server when opened. */
  takeoutCarts: Record<string, TakeoutCartLine[]>
  /** Takeout orders made from a shop's cart and not yet seen paid: shop id → order ids (the cart stays until then). */
  takeoutCartOrders: Record<string, number[]>
  /** Takeout search's own history (newest first). */
  takeoutSearchHistory: string[]
  /** Where takeout delivers (issue 39): the address the shopper chose on takeout's list or Confirm (its id); else their default. */
  takeoutAddressId: number
  /** The store's takeout list: the new-order alert (a sound on H5, a vibration on weapp) turned off on this device. */
  storeTakeoutAlertMuted: boolean
  /** Merchant sign-up's draft (issue 26), kept until submitted: checked field by field where it is read (src/features/merchant/draft.ts). */
  merchantDraft: Record<string, unknown>
}

/** A takeout cart line: a dish with its chosen options; the price shown is the menu's (the server's), never kept. */
export interface TakeoutCartLine {
  dish_id: number
  option_ids: number[]
  quantity: number
  /** The dish with its options as the menu priced it when last added (cents; issue 44): a price changed since is said. */
  unit?: number
  /** The dish's name then: a dish taken off the menu since is said by name. */
  name?: string
}

export type StorageKey = keyof Schema

const isStr = (v: unknown): v is string => typeof v === 'string' && v !== ''
const isId = (v: unknown): v is string | number => (typeof v === 'string' && v !== '') || (typeof v === 'number' && Number.isFinite(v))
const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const readers: { [K in StorageKey]: (v: unknown) => Schema[K] | undefined } = {
  token: (v) => (isStr(v) ? v : undefined),
  share_user_user_id: (v) => (isId(v) ? String(v) : undefined),
  h5_wx_gzh_openid: (v) => (isStr(v) ? v : undefined),
  h5_alipay_open_id: (v) => (isStr(v) ? v : undefined),
  h5_pay_method: (v) => (v === 'wechat' || v === 'alipay' ? v : undefined),
  userIds: (v) => {
    if (!isObj(v)) return undefined
    const out: UserIds = {}
    for (const k of ['userIdAgent', 'userIdBuss', 'storeId'] as const) {
      const id = v[k]
      if (isId(id)) out[k] = id
    }
    return out
  },
  other_parent_id: (v) => (isId(v) ? String(v) : undefined),
  qrCode: (v) => (isStr(v) ? v : undefined),
  scene: (v) => (isStr(v) ? v : undefined),
  pendingOrder: (v) =>
    isObj(v) && Number.isInteger(v.orderID) && (v.orderID as number) > 0 && Number.isInteger(v.times) && (v.times as number) >= 0
      ? { orderID: v.orderID as number, times: v.times as number, ...(isStr(v.kind) ? { kind: v.kind } : {}) }
      : undefined,
  lang: (v) => (v === 'zh-CN' || v === 'en' ? v : undefined),
  city: (v) => (isObj(v) && Number.isInteger(v.id) && isStr(v.name) ? { id: v.id as number, name: v.name } : undefined),
  cityByHand: (v) => (v === true ? true : undefined),
  searchHistory: (v) => (Array.isArray(v) ? v.filter(isStr).slice(0, 20) : undefined),
  myUserId: (v) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined),
  // Only its outline here (Home's first load carries this module): each line is checked where carts are read
  // (src/features/takeout/cart.ts, the takeout sub-package).
  takeoutCarts: (v) => (isObj(v) ? (v as Record<string, TakeoutCartLine[]>) : undefined),
  takeoutCartOrders: (v) => (isObj(v) ? (v as Record<string, number[]>) : undefined),
  takeoutSearchHistory: (v) => (Array.isArray(v) ? v.filter(isStr).slice(0, 20) : undefined),
  takeoutAddressId: (v) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined),
  storeTakeoutAlertMuted: (v) => (typeof v === 'boolean' ? v : undefined),
  merchantDraft: (v) => (isObj(v) ? v : undefined),

}

export function getItem<K extends StorageKey>(key: K): Schema[K] | undefined {
  let raw: unknown
  try {
    raw = Taro.getStorageSync(key)
  } catch {
    return undefined
  }
  try {
    return readers[key](raw)
  } catch {
    return undefined
  }
}

export function setItem<K extends StorageKey>(key: K, value: Schema[K]): void {
  try {
    Taro.setStorageSync(key, value)
  } catch {
    // Storage full or unavailable (private mode): the app keeps working without persistence.
  }
}

export function removeItem(key: StorageKey): void {
  try {
    Taro.removeStorageSync(key)
  } catch {
    // Nothing to do: an unreadable value already reads as absent.
  }
}
