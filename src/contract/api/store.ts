import { Empty } from '../common'
import { CardCheckAnswer, CardCheckPayload, RefundRejectPayload, StoreOrderAnswer, StoreOrderId, StoreOrderPage, StoreOrderQuery, VerifyCodePayload, VerifyPreviewAnswer, WorkbenchAnswer } from '../store'
import { PageQuery } from '../paging'
import { StoreTillCheckPage } from '../tillChecks'
import { ShipPayload } from '../mall'
import { defineApi } from './define'

/**
 * The store's till and orders (issue 12): staff of one store verify redemption codes, check member till codes, read
 * the store's orders and answer refunds (docs/api.md "The store's side"). Shapes in ../store.ts.
 */
export const STORE_API = defineApi({
  'hui_shanghu.store/workbench': {
    method: 'GET',
    auth: 'required',
    req: Empty,
    res: WorkbenchAnswer,
    doc: "The store workbench's start: the staff member's store, role and today's counts.",
  },
  'hui_shanghu.store_order/index': {
    method: 'GET',
    auth: 'required',
    req: StoreOrderQuery,
    res: StoreOrderPage,
    doc: "The store's orders, newest first, with a status filter.",
  },
  'hui_shanghu.store_order/read': {
    method: 'GET',
    auth: 'required',
    req: StoreOrderId,
    res: StoreOrderAnswer,
    doc: "One of the store's orders with its lines and trail (another store's answers as not found).",
  },
  'hui_shanghu.store_order/verifyPreview': {
    method: 'GET',
    auth: 'required',
    req: VerifyCodePayload,
    res: VerifyPreviewAnswer,
    doc: 'What a redemption code would redeem, before it is redeemed (or why it cannot be).',
  },
  'hui_shanghu.store_order/verify': {
    method: 'POST',
    auth: 'required',
    req: VerifyCodePayload,
    res: StoreOrderAnswer,
    doc: "Redeem an order's code at the till: the order is completed.",
  },
  'hui_shanghu.store_order/refundApprove': {
    method: 'POST',
    auth: 'required',
    req: StoreOrderId,
    res: StoreOrderAnswer,
    doc: "Approve a shopper's refund request: the money goes back through the provider.",
  },
  'hui_shanghu.store_order/refundReject': {
    method: 'POST',
    auth: 'required',
    req: RefundRejectPayload,
    res: StoreOrderAnswer,
    doc: "Reject a shopper's refund request with a reason (a listed one or the store's own words).",
  },
  'hui_shanghu.store_card/check': {
    method: 'GET',
    auth: 'required',
    req: CardCheckPayload,
    res: CardCheckAnswer,
    doc: "Check a member's till code (the card's rotating code) at the till: whose card, which level, valid or not.",
  },
  'hui_shanghu.store_card/checks': {
    method: 'GET',
    auth: 'required',
    req: PageQuery,
    res: StoreTillCheckPage,
    doc: "The store's own checks of member till codes (issue 23; ./tillChecks.ts).",
  },
  'hui_shanghu.store_order/ship': {
    method: 'POST',
    auth: 'required',
    req: ShipPayload,
    res: StoreOrderAnswer,
    doc: 'A paid mall order to be delivered goes out: carrier and tracking number (src/contract/mall.ts ShipPayload).',
  },
})
