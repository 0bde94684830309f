import type { FastifyInstance } from 'fastify'
import type { DB } from '../../storage/db'
import { defineRoute, requireUser } from '../envelope'
import { findOwnOrder, toOrderInfo } from '../../domain/orders'
import { confirmReceipt, logisticsOf } from '../../domain/shipping'

/** The shopper's parcels (issue 14; src/contract/mallEndpoints.ts): their own orders only. */
export function logisticsRoutes(app: FastifyInstance, db: DB): void {
  defineRoute(app, db, 'personal.order/logistics', { auth: true }, ({ input, user, lang }) => {
    const row = findOwnOrder(db, requireUser(user).id, input.id)
    return { order: toOrderInfo(db, lang, row), ...logisticsOf(db, lang, row) }
  })

  defineRoute(app, db, 'personal.order/confirmReceipt', { auth: true }, ({ input, user, lang }) => {
    const row = findOwnOrder(db, requireUser(user).id, input.id)
    return { info: toOrderInfo(db, lang, confirmReceipt(db, row)) }
  })
}
