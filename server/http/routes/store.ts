import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import { defineRoute, refuse, requireUser } from '../envelope'
import type { PayProviders } from '../../domain/pay/providers'
import * as shipping from '../../storage/repo/shipping'
import * as store from '../../storage/repo/store'
import * as takeoutRepo from '../../storage/repo/takeout'
import { shipOrder } from '../../domain/shipping'
import { actionsOf, approveRefund, rejectRefund, requireStaff, storeGivenReason, storeOrder, toStoreOrder } from '../../domain/store/store'
import { requireMember } from '../../domain/store/staff'
import { jobsToAnswer } from '../../domain/jobs'
import { named } from '../../domain/names'
import * as tillChecks from '../../storage/repo/tillChecks'
import { checkAtTill, ownerCheckOf, previewAtTill, redeemAtTill, storeCheckOf } from '../../domain/store/tillChecks'
import { businessMidnight, fmt } from '../../time'

/**
 * The store's calls (src/contract/storeEndpoints.ts; docs/api.md "The store's side"). Every one passes
 * requireStaff first (anonymous → -1, no staff role → code 0 `no_permission`) and reads or moves only orders
 * of the staff member's own store. The card owner's side of the till record (personal.card/checks) is here too.
 */
export function storeRoutes(app: FastifyInstance, db: Q, providers: PayProviders, autoApproveHours: number): void {
  const full = async (row: Parameters<typeof toStoreOrder>[2], lang: Parameters<typeof toStoreOrder>[1]) => ({ info: await toStoreOrder(db, lang, row, autoApproveHours), actions: await actionsOf(db, row.id, lang) })

  defineRoute(app, db, 'hui_shanghu.store/workbench', async ({ user }) => {
    const staff = await requireMember(db, user)
    const midnight = businessMidnight()
    const day = await store.paidBetween(db, staff.shopId, fmt(midnight), fmt(midnight.add(1, 'day')))
    return {
      shop: { id: staff.shopId, name: staff.shopName },
      business_day: midnight.format('YYYY-MM-DD'),
      paid_count: day.n,
      takings: day.sum,
      to_verify: await store.toVerifyCount(db, staff.shopId),
      refunds_to_answer: await store.refundsToAnswerCount(db, staff.shopId),
      to_ship: await shipping.toShipCount(db, staff.shopId),
      takeout_to_accept: (await takeoutRepo.shopById(db, staff.shopId)) ? (await takeoutRepo.storeTakeoutPage(db, staff.shopId, { todo: 'accept' }, 0, 0)).total : null,
      jobs: await jobsToAnswer(db, staff.shopId),
      refund_auto_approve_hours: autoApproveHours,
      role: staff.role,
    }
  })

  defineRoute(app, db, 'hui_shanghu.store_order/index', async ({ input, user, lang }) => {
    const staff = await requireStaff(db, user)
    const { rows, total } = await store.storePage(db, staff.shopId, { status: input.status, todo: input.todo }, input.page_size, (input.page - 1) * input.page_size)
    return { list: await Promise.all(rows.map((r) => toStoreOrder(db, lang, r, autoApproveHours))), total, page: input.page, page_size: input.page_size }
  })

  defineRoute(app, db, 'hui_shanghu.store_order/read', async ({ input, user, lang }) => {
    const staff = await requireStaff(db, user)
    return full(await storeOrder(db, staff, input.id), lang)
  })

  // Redemption codes: unknown ones are failures limited per staff account and per store (issue 43, server/domain/store/tillChecks.ts).
  defineRoute(app, db, 'hui_shanghu.store_order/verifyPreview', async ({ input, user, lang }) => {
    const staff = await requireStaff(db, user)
    return previewAtTill(db, staff, input.code, lang, autoApproveHours)
  })

  defineRoute(app, db, 'hui_shanghu.store_order/verify', async ({ input, user, lang }) => {
    const staff = await requireStaff(db, user)
    return full(await redeemAtTill(db, staff, input.code), lang)
  })

  // A paid mall order to be delivered goes out with a carrier's tracking number: paid → delivering (once).
  defineRoute(app, db, 'hui_shanghu.store_order/ship', async ({ input, user, lang }) => {
    const staff = await requireStaff(db, user)
    return full(await shipOrder(db, await storeOrder(db, staff, input.id), input.carrier, input.tracking_no, staff.userId), lang)
  })

  defineRoute(app, db, 'hui_shanghu.store_order/refundApprove', async ({ input, user, lang }) => {
    const staff = await requireStaff(db, user)
    return full(await approveRefund(db, providers, input.id, staff.userId, staff.shopId), lang)
  })

  defineRoute(app, db, 'hui_shanghu.store_order/refundReject', async ({ input, user, lang }) => {
    const staff = await requireStaff(db, user)
    return full(await rejectRefund(db, input.id, staff.userId, storeGivenReason(input), staff.shopId), lang)
  })

  // Any store checks any member's card (the card is good at every partner store); names in the asker's language.
  // Failed checks are limited per staff account and per card, and every check is recorded (server/domain/store/tillChecks.ts).
  defineRoute(app, db, 'hui_shanghu.store_card/check', async ({ input, user, lang }) => {
    const answer = await checkAtTill(db, await requireStaff(db, user), input.code)
    return answer.card ? { ...answer, card: { ...answer.card, name: named(lang, answer.card.name) } } : answer
  })

  // The store's own checks, newest first (any staff member of the store; never another store's).
  defineRoute(app, db, 'hui_shanghu.store_card/checks', async ({ input, user }) => {
    const staff = await requireStaff(db, user)
    const { rows, total } = await tillChecks.storeChecks(db, staff.shopId, input.page_size, (input.page - 1) * input.page_size)
    return { list: rows.map(storeCheckOf), total, page: input.page, page_size: input.page_size }
  })

  // The owner's side: every check of their cards (or of one of them), newest first; another's card is not found.
  defineRoute(app, db, 'personal.card/checks', async ({ input, user, lang }) => {
    const me = requireUser(user)
    if (input.card_id !== undefined && !(await tillChecks.ownsCard(db, me.id, input.card_id))) throw refuse('card_not_found')
    const { rows, total } = await tillChecks.ownerChecks(db, me.id, input.card_id, input.page_size, (input.page - 1) * input.page_size)
    return { list: rows.map((r) => ownerCheckOf(lang, r)), total, page: input.page, page_size: input.page_size }
  })
}
