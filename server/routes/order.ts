import type { FastifyInstance } from 'fastify'
import { ORDER_STATUS } from '../../src/contract/constants'
import type { DB } from '../db'
import { BizError, defineRoute, requireUser } from '../http'
import { cancelExpired, createOrder, findOwnOrder, priceOrder, requestRefund, toOrderInfo, type OrderRow } from '../orders'
import { preparePayment } from '../pay'
import type { PayProvider } from '../provider'

const TAB_STATUSES: Record<string, number[] | null> = {
  all: null,
  unpaid: [ORDER_STATUS.UNPAID],
  paid: [ORDER_STATUS.PAID, ORDER_STATUS.ACCEPTED, ORDER_STATUS.DELIVERING],
  completed: [ORDER_STATUS.COMPLETED],
  refund: [ORDER_STATUS.REFUNDING, ORDER_STATUS.REFUNDED],
}

export function orderRoutes(app: FastifyInstance, db: DB, provider: PayProvider, paySecret: string): void {
  defineRoute(app, db, 'personal.order/preCreate', { auth: true }, ({ input, user }) => priceOrder(db, requireUser(user).id, input).quote)

  defineRoute(app, db, 'personal.order/create', { auth: true }, ({ input, user }) => {
    const { client_request_id, ...payload } = input
    const row = createOrder(db, requireUser(user).id, payload, client_request_id)
    return { order_info: toOrderInfo(db, row) }
  })

  defineRoute(app, db, 'personal.order/payparam', { auth: true }, ({ input, user }) => {
    cancelExpired(db, provider)
    const order = findOwnOrder(db, requireUser(user).id, input.id)
    return preparePayment(db, provider, order.id, input, paySecret)
  })

  defineRoute(app, db, 'personal.order/read', { auth: true }, ({ input, user }) => {
    cancelExpired(db, provider)
    return { info: toOrderInfo(db, findOwnOrder(db, requireUser(user).id, input.id)) }
  })

  defineRoute(app, db, 'personal.order/index', { auth: true }, ({ input, user }) => {
    cancelExpired(db, provider)
    const uid = requireUser(user).id
    const statuses = TAB_STATUSES[input.tab]
    const where = ['user_id = ?']
    const args: Array<string | number> = [uid]
    if (statuses) {
      where.push(`status IN (${statuses.map(() => '?').join(', ')})`)
      args.push(...statuses)
    }
    if (input.kind) {
      where.push('kind = ?')
      args.push(input.kind)
    }
    const total = (db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE ${where.join(' AND ')}`).get(...args) as { n: number }).n
    const rows = db
      .prepare(`SELECT * FROM orders WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ? OFFSET ?`)
      .all(...args, input.page_size, (input.page - 1) * input.page_size) as OrderRow[]
    return { list: rows.map((r) => toOrderInfo(db, r)), total, page: input.page, page_size: input.page_size }
  })

  defineRoute(app, db, 'personal.order/refund', { auth: true }, ({ input, user }) => {
    const uid = requireUser(user).id
    requestRefund(db, findOwnOrder(db, uid, input.id), input.reason)
    return { info: toOrderInfo(db, findOwnOrder(db, uid, input.id)) }
  })

  defineRoute(app, db, 'personal.order/orderVerification', { auth: true }, ({ input, user }) => {
    const row = findOwnOrder(db, requireUser(user).id, input.id)
    const usable: number[] = [ORDER_STATUS.PAID, ORDER_STATUS.ACCEPTED]
    if (!usable.includes(row.status) && row.status !== ORDER_STATUS.COMPLETED) throw new BizError('订单未支付，暂无核销码')
    return { code: row.verify_code, used: row.status === ORDER_STATUS.COMPLETED, info: toOrderInfo(db, row) }
  })
}
