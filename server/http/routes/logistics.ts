import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import { defineRoute, requireUser } from '../envelope'
import { findOwnOrder, toOrderInfo } from '../../domain/orders'
import { confirmReceipt, logisticsOf } from '../../domain/shipping'
import type { ParcelTracker } from '../../providers/carrier/types'

/** The shopper's parcels (issue 14; src/contract/mallEndpoints.ts): their own orders only. */
export function logisticsRoutes(app: FastifyInstance, db: Q, tracker: ParcelTracker): void {
  defineRoute(app, db, 'personal.order/logistics', async ({ input, user, lang }) => {
    const row = await findOwnOrder(db, requireUser(user).id, input.id)
    return { order: await toOrderInfo(db, lang, row), ...(await logisticsOf(db, tracker, lang, row)) }
  })

  defineRoute(app, db, 'personal.order/confirmReceipt', async ({ input, user, lang }) => {
    const row = await findOwnOrder(db, requireUser(user).id, input.id)
    return { info: await toOrderInfo(db, lang, await confirmReceipt(db, row)) }
  })
}
