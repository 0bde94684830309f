import type { FastifyInstance } from 'fastify'
import type { DB } from '../db'
import { defineRoute } from '../http'
import type { PayProvider } from '../provider'
import * as shipping from '../repo/shipping'
import * as store from '../repo/store'
import { shipOrder } from '../shipping'
import { actionsOf, approveRefund, checkCardCode, previewCode, rejectRefund, requireStaff, storeOrder, toStoreOrder, verifyCode } from '../store'
import { named } from '../names'
import { businessMidnight, fmt } from '../time'

/**
 * The store's calls (src/contract/storeEndpoints.ts; docs/api.md "The store's side"). Every one passes
 * requireStaff first (anonymous → -1, no staff role → code 0 "无权限" / "No permission") and reads or moves
 * only orders of the staff member's own store.
 */
export function storeRoutes(app: FastifyInstance, db: DB, provider: PayProvider, autoApproveHours: number): void {
  const full = (row: Parameters<typeof toStoreOrder>[2], lang: Parameters<typeof toStoreOrder>[1]) => ({ info: toStoreOrder(db, lang, row, autoApproveHours), actions: actionsOf(db, row.id) })

  defineRoute(app, db, 'hui_shanghu.store/workbench', { auth: true }, ({ user, lang }) => {
    const staff = requireStaff(db, user, lang)
    const midnight = businessMidnight()
    const day = store.paidBetween(db, staff.shopId, fmt(midnight), fmt(midnight.add(1, 'day')))
    return {
      shop: { id: staff.shopId, name: staff.shopName },
      business_day: midnight.format('YYYY-MM-DD'),
      paid_count: day.n,
      takings: day.sum,
      to_verify: store.toVerifyCount(db, staff.shopId),
      refunds_to_answer: store.refundsToAnswerCount(db, staff.shopId),
      to_ship: shipping.toShipCount(db, staff.shopId),
      refund_auto_approve_hours: autoApproveHours,
    }
  })

  defineRoute(app, db, 'hui_shanghu.store_order/index', { auth: true }, ({ input, user, lang }) => {
    const staff = requireStaff(db, user, lang)
    const { rows, total } = store.storePage(db, staff.shopId, { status: input.status, todo: input.todo }, input.page_size, (input.page - 1) * input.page_size)
    return { list: rows.map((r) => toStoreOrder(db, lang, r, autoApproveHours)), total, page: input.page, page_size: input.page_size }
  })

  defineRoute(app, db, 'hui_shanghu.store_order/read', { auth: true }, ({ input, user, lang }) => {
    const staff = requireStaff(db, user, lang)
    return full(storeOrder(db, staff, input.id, lang), lang)
  })

  defineRoute(app, db, 'hui_shanghu.store_order/verifyPreview', { auth: true }, ({ input, user, lang }) => {
    const staff = requireStaff(db, user, lang)
    return previewCode(db, staff, input.code, lang, autoApproveHours)
  })

  defineRoute(app, db, 'hui_shanghu.store_order/verify', { auth: true }, ({ input, user, lang }) => {
    const staff = requireStaff(db, user, lang)
    return full(verifyCode(db, staff, input.code, lang), lang)
  })

  // A paid mall order to be delivered goes out with a carrier's tracking number: paid → delivering (once).
  defineRoute(app, db, 'hui_shanghu.store_order/ship', { auth: true }, ({ input, user, lang }) => {
    const staff = requireStaff(db, user, lang)
    return full(shipOrder(db, storeOrder(db, staff, input.id, lang), input.carrier, input.tracking_no, staff.userId), lang)
  })

  defineRoute(app, db, 'hui_shanghu.store_order/refundApprove', { auth: true }, ({ input, user, lang }) => {
    const staff = requireStaff(db, user, lang)
    return full(approveRefund(db, provider, input.id, staff.userId, lang, staff.shopId), lang)
  })

  defineRoute(app, db, 'hui_shanghu.store_order/refundReject', { auth: true }, ({ input, user, lang }) => {
    const staff = requireStaff(db, user, lang)
    return full(rejectRefund(db, input.id, staff.userId, input.reason, lang, staff.shopId), lang)
  })

  // Any store checks any member's card (the card is good at every partner store); names in the asker's language.
  defineRoute(app, db, 'hui_shanghu.store_card/check', { auth: true }, ({ input, user, lang }) => {
    requireStaff(db, user, lang)
    const answer = checkCardCode(db, input.code)
    return answer.card ? { ...answer, card: { ...answer.card, name: named(lang, answer.card.name) } } : answer
  })
}
