import type { Q } from '../../storage/query'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ORDER_STATUS } from '../../../src/contract/constants'
import { ORDER_TAB_STATUSES } from '../../../src/contract/orderQueries'
import { hasRedemptionCode } from '../../../src/contract/orderRules'
import type { ApiLang } from '../../../src/contract/common'
import type { PriceQuote } from '../../../src/contract/order'
import { defineRoute, refuse, requireUser } from '../envelope'
import { cancelOrder, createOrder, findOwnOrder, priceOrder, requestRefund, toOrderInfo, unpaidOrderOfSameGoods, type OrderRow } from '../../domain/orders'
import { refundTimeline, withdrawRefund } from '../../domain/pay/refunds'
import { checkPayment, preparePayment, type PayRequest } from '../../domain/pay/pay'
import type { PayProviders } from '../../domain/pay/providers'
import * as orders from '../../storage/repo/orders'
import { cardTitleIn, named } from '../../domain/names'
import { nowMs } from '../../time'

/** The quote in the shopper's language: the cards it names (a card order's title, the cards an upgrade ends). */
const quoteIn = (lang: ApiLang, q: PriceQuote): PriceQuote =>
  q.card ? { ...q, title: cardTitleIn(lang, q.title), card: { ...q.card, replaces: q.card.replaces.map((c) => ({ ...c, name: named(lang, c.name) })) } } : q

/** What payparam's provider is told of the request: the shopper's address (TRUST_PROXY decides), browser and this site's origin. */
export const payRequestOf = (req: FastifyRequest): PayRequest => ({ client_ip: req.ip, user_agent: String(req.headers['user-agent'] ?? ''), origin: `${req.protocol}://${req.host}` })

/** `refundAutoApproveHours`: the timer's (server/http/app.ts), for the time an unanswered refund request is approved by itself. */
export function orderRoutes(app: FastifyInstance, db: Q, providers: PayProviders, refundAutoApproveHours = 48): void {
  /** The shopper's order with its refund's timeline (issue 24). */
  // (Object.assign, not a spread: copying the ~20 fields into a new object cost ~1.5 µs per order.)
  // (The refund's timeline asked only of an order with a refund request: a promise less on the hot path.)
  const mine = async (lang: ApiLang, row: OrderRow, shop?: orders.OrderShop | null) =>
    Object.assign(await toOrderInfo(db, lang, row, shop), { refund: row.refund_requested_at === null ? null : await refundTimeline(db, row, refundAutoApproveHours, lang) })

  // A mall order of goods an unpaid order holds is refused here too (unpaidOrderOfSameGoods), with that order to pay or cancel.
  defineRoute(app, db, 'personal.order/preCreate', async ({ input, user, lang }) => {
    const uid = requireUser(user).id
    await unpaidOrderOfSameGoods(db, uid, input, lang)
    return quoteIn(lang, (await priceOrder(db, uid, input)).quote)
  })

  defineRoute(app, db, 'personal.order/create', async ({ input, user, lang }) => {
    const { client_request_id, ...payload } = input
    const row = await createOrder(db, requireUser(user).id, payload, client_request_id, lang)
    return { order_info: await toOrderInfo(db, lang, row) }
  })

  // Reads (read, index, the takeout reads) never call a provider nor cancel anything: an unpaid order past its time
  // reads as cancelled from what is stored (server/domain/orders.ts shownStatus); the sweep cancels it (app.ts).
  defineRoute(app, db, 'personal.order/payparam', async ({ input, user, req }) => {
    const uid = requireUser(user).id
    const order = await findOwnOrder(db, uid, input.id)
    try {
      return await preparePayment(db, providers, uid, order.id, input, payRequestOf(req))
    } catch (err) {
      // What the provider said, for the operator (never the request's secrets: the provider's error names none).
      const cause = (err as { cause?: unknown }).cause
      if (cause) req.log.warn({ err: cause, order_id: order.id }, 'payment provider failed')
      throw err
    }
  })

  // The hot path (docs/performance.md): the row and its shop in one statement.
  defineRoute(app, db, 'personal.order/read', async ({ input, user, lang }) => {
    const found = await orders.ownForReading(db, requireUser(user).id, input.id)
    if (!found) throw refuse('order_not_found')
    return { info: await mine(lang, found.row, found.shop) }
  })

  // After a payment outside the app (WeChat Pay's H5 page, Alipay's WAP page, a QR code) or when the app comes back
  // with an order pending: the provider is asked how the order's open trades stand when no notification settled them,
  // a paid one is settled as its notification would be (server/domain/pay/pay.ts checkPayment), and the order is
  // answered. Not a read: it may call the provider (one at a time per order in this process).
  defineRoute(app, db, 'personal.order/payResult', async ({ input, user, lang, req }) => {
    const uid = requireUser(user).id
    const order = await findOwnOrder(db, uid, input.id)
    try {
      await checkPayment(db, providers, order.id)
    } catch (err) {
      // The provider could not be asked: the order is answered as stored (the notification or the next ask settles it).
      req.log.warn({ err, order_id: order.id }, 'payment query failed')
    }
    return { info: await mine(lang, await findOwnOrder(db, uid, input.id)) }
  })

  defineRoute(app, db, 'personal.order/index', async ({ input, user, lang }) => {
    const { rows, total } = await orders.page(db, requireUser(user).id, { statuses: ORDER_TAB_STATUSES[input.tab], kind: input.kind, now: nowMs() }, input.page_size, (input.page - 1) * input.page_size)
    return { list: await Promise.all(rows.map((r) => mine(lang, r))), total, page: input.page, page_size: input.page_size }
  })

  defineRoute(app, db, 'personal.order/cancel', async ({ input, user, lang }) => {
    const uid = requireUser(user).id
    await cancelOrder(db, providers, await findOwnOrder(db, uid, input.id))
    return { info: await mine(lang, await findOwnOrder(db, uid, input.id)) }
  })

  defineRoute(app, db, 'personal.order/refund', async ({ input, user, lang }) => {
    const uid = requireUser(user).id
    await requestRefund(db, await findOwnOrder(db, uid, input.id), input.reason, { detail: input.detail, photos: input.photos })
    return { info: await mine(lang, await findOwnOrder(db, uid, input.id)) }
  })

  // Withdraw a refund request the store has not answered (server/domain/pay/refunds.ts): back to the status it was asked from.
  defineRoute(app, db, 'personal.order/cancelRefund', async ({ input, user, lang }) => ({ info: await mine(lang, await withdrawRefund(db, requireUser(user).id, input.id)) }))

  defineRoute(app, db, 'personal.order/orderVerification', async ({ input, user, lang }) => {
    const row = await findOwnOrder(db, requireUser(user).id, input.id)
    if (!hasRedemptionCode(row.kind, row.status, row.delivery)) throw refuse(hasRedemptionCode(row.kind, ORDER_STATUS.PAID, row.delivery) ? 'code_not_yet' : 'code_not_needed')
    return { code: row.verify_code, used: row.status === ORDER_STATUS.COMPLETED, info: await toOrderInfo(db, lang, row) }
  })
}
