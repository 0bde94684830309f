import { Empty } from '../common'
import { StoreTakeoutAnswer, StoreTakeoutDispatch, StoreTakeoutPage, StoreTakeoutPause, StoreTakeoutQuery, StoreTakeoutRefuse, StoreTakeoutSettingsAnswer, StoreTakeoutSoldOut, StoreTakeoutVerify, TakeoutCategoryAnswer, TakeoutMenuAnswer, TakeoutMenuQuery, TakeoutOrderAnswer, TakeoutOrderId, TakeoutRatePayload, TakeoutSearchAnswer, TakeoutSearchQuery, TakeoutShopPage, TakeoutShopQuery, TakeoutShopReadAnswer, TakeoutShopReadQuery } from '../takeout'
import { TakeoutSubscribeAnswer, TakeoutSubscribePayload, TakeoutSubscribeTemplatesAnswer } from '../takeoutSubscribe'
import { defineApi } from './define'

/**
 * Takeout (issue 25): shops and menus, the shopper's takeout order and the store's takeout calls (docs/api.md
 * "Takeout"); paid as order kind `takeout`. The live-status streams are not here (../takeoutEndpoints.ts TAKEOUT_WATCH:
 * they answer no JSON envelope). Shapes in ../takeout.ts.
 */
export const TAKEOUT_API = defineApi({
  'hui_public.takeout_category/index': {
    method: 'GET',
    auth: 'optional',
    req: Empty,
    res: TakeoutCategoryAnswer,
    doc: "Takeout home's categories (names in the payload's lang).",
  },
  'hui_public.takeout_shop/index': {
    method: 'GET',
    auth: 'optional',
    req: TakeoutShopQuery,
    res: TakeoutShopPage,
    doc: 'Shops, paged: by category, keyword, city; sorted by distance, sales or rating; "delivers to my address".',
  },
  'hui_public.takeout_shop/read': {
    method: 'GET',
    auth: 'optional',
    req: TakeoutShopReadQuery,
    res: TakeoutShopReadAnswer,
    doc: 'One shop: its summary, settings (hours, radius, fee tiers…), open state and the time slots it takes.',
  },
  'hui_public.takeout_shop/menu': {
    method: 'GET',
    auth: 'optional',
    req: TakeoutMenuQuery,
    res: TakeoutMenuAnswer,
    doc: "One shop's menu: categories, dishes with pictures, options and their prices, sold out, member price.",
  },
  'hui_public.takeout/search': {
    method: 'GET',
    auth: 'optional',
    req: TakeoutSearchQuery,
    res: TakeoutSearchAnswer,
    doc: "Shops and dishes by keyword (shops whose name or a dish's name holds it, with the matching dishes).",
  },
  'personal.takeout/read': {
    method: 'GET',
    auth: 'required',
    req: TakeoutOrderId,
    res: TakeoutOrderAnswer,
    doc: "The shopper's takeout order: OrderInfo and its takeout view (timeline, promised time, pickup number, rider).",
  },
  'personal.takeout/cancel': {
    method: 'POST',
    auth: 'required',
    req: TakeoutOrderId,
    res: TakeoutOrderAnswer,
    doc: 'Cancel before the store accepts: refunded at once (10 → 60 → 70).',
  },
  'personal.takeout/confirm': {
    method: 'POST',
    auth: 'required',
    req: TakeoutOrderId,
    res: TakeoutOrderAnswer,
    doc: 'The shopper confirms a delivered order (30 → 40).',
  },
  'personal.takeout/rate': {
    method: 'POST',
    auth: 'required',
    req: TakeoutRatePayload,
    res: TakeoutOrderAnswer,
    doc: 'The shopper rates a delivered or collected order, once, within TAKEOUT_RATE_DAYS (1–5 stars, optional words).',
  },
  'hui_public.takeout/subscribeTemplates': {
    method: 'GET',
    auth: 'optional',
    req: Empty,
    res: TakeoutSubscribeTemplatesAnswer,
    doc: 'Subscription messages: the template ids the pay tap asks WeChat for (./takeoutSubscribe.ts; none: no asking).',
  },
  'personal.takeout/subscribe': {
    method: 'POST',
    auth: 'required',
    req: TakeoutSubscribePayload,
    res: TakeoutSubscribeAnswer,
    doc: 'Subscription messages: what the shopper answered per template for one of their takeout orders (one message per accept).',
  },
  'hui_shanghu.store_takeout/index': {
    method: 'GET',
    auth: 'required',
    req: StoreTakeoutQuery,
    res: StoreTakeoutPage,
    doc: "The store's takeout orders, newest first (a status filter; `todo: accept` = paid, waiting for acceptance).",
  },
  'hui_shanghu.store_takeout/read': {
    method: 'GET',
    auth: 'required',
    req: TakeoutOrderId,
    res: StoreTakeoutAnswer,
    doc: "One of the store's takeout orders with its lines, trail and what the store can do next.",
  },
  'hui_shanghu.store_takeout/accept': {
    method: 'POST',
    auth: 'required',
    req: TakeoutOrderId,
    res: StoreTakeoutAnswer,
    doc: 'Accept a paid takeout order (10 → 20).',
  },
  'hui_shanghu.store_takeout/refuse': {
    method: 'POST',
    auth: 'required',
    req: StoreTakeoutRefuse,
    res: StoreTakeoutAnswer,
    doc: "Refuse a paid takeout order with the store's reason (10 → 60 → 70): refunded at once.",
  },
  'hui_shanghu.store_takeout/ready': {
    method: 'POST',
    auth: 'required',
    req: TakeoutOrderId,
    res: StoreTakeoutAnswer,
    doc: 'A pickup order is ready to collect (stays 20; on the trail).',
  },
  'hui_shanghu.store_takeout/dispatch': {
    method: 'POST',
    auth: 'required',
    req: StoreTakeoutDispatch,
    res: StoreTakeoutAnswer,
    doc: "Out for delivery (20 → 30), with the rider's name and phone.",
  },
  'hui_shanghu.store_takeout/deliver': {
    method: 'POST',
    auth: 'required',
    req: TakeoutOrderId,
    res: StoreTakeoutAnswer,
    doc: 'Delivered (30 → 40).',
  },
  'hui_shanghu.store_takeout/verifyPickup': {
    method: 'POST',
    auth: 'required',
    req: StoreTakeoutVerify,
    res: StoreTakeoutAnswer,
    doc: "A pickup order collected (20 → 40): the shopper's pickup code.",
  },
  'hui_shanghu.store_takeout/settings': {
    method: 'GET',
    auth: 'required',
    req: Empty,
    res: StoreTakeoutSettingsAnswer,
    doc: "The store's shop settings and menu state (hours, radius, fee tiers, packing fee, minimum, pickup, preparation, paused).",
  },
  'hui_shanghu.store_takeout/soldOut': {
    method: 'POST',
    auth: 'required',
    req: StoreTakeoutSoldOut,
    res: StoreTakeoutSettingsAnswer,
    doc: 'Mark a dish sold out, or back.',
  },
  'hui_shanghu.store_takeout/pause': {
    method: 'POST',
    auth: 'required',
    req: StoreTakeoutPause,
    res: StoreTakeoutSettingsAnswer,
    doc: 'Pause or resume taking takeout orders.',
  },
})
