/**
 * Contract constants the app needs at run time. No zod here: the client imports this file for real,
 * while the schema files are imported as types only.
 */

/** Order status. 0 and 10 are the seed's; the rest are ours (documented in docs/api.md). */
export const ORDER_STATUS = {
  UNPAID: 0,
  PAID: 10,
  ACCEPTED: 20,
  DELIVERING: 30,
  COMPLETED: 40,
  CANCELLED: 50,
  REFUNDING: 60,
  REFUNDED: 70,
} as const
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS]

export const ORDER_KINDS = ['card', 'bill', 'oil', 'product', 'takeout'] as const

/** 8: WeChat JSAPI inside WeChat's browser (and the mini-program); 6: redirect to a pay URL. */
export const PAY_CHANNEL = { WX_JSAPI: 8, REDIRECT: 6 } as const

/** My orders tabs (personal.order/index `tab`). */
export const ORDER_TABS = ['all', 'unpaid', 'paid', 'completed', 'refund'] as const

/** The privacy notice the shopper agrees to at Authorization (PIPL): its version is recorded at bind. */
export const PRIVACY_VERSION = '2026-11'

/** A mainland mobile number: 11 digits starting with 1 (the phone rule, for the client and the server). */
export const PHONE_PATTERN = /^1\d{10}$/

/**
 * The query parameter Alipay's web authorisation returns to the page with (not WeChat's `code`): the value goes to
 * `alipay/getOpenId` as `{ code }` (./alipay.ts, docs/api.md "Alipay's buyer identity").
 */
export const ALIPAY_AUTH_CODE_PARAM = 'auth_code'
