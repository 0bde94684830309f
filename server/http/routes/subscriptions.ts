import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import { defineRoute, refuse, requireUser } from '../envelope'
import { findOwnOrder } from '../../domain/orders'
import { recordGrants, templateIds, templateList, type TakeoutTemplates } from '../../domain/takeout/subscriptions'

/**
 * Subscription messages of takeout orders (src/contract/takeoutSubscribe.ts; docs/api.md "Subscription messages"): the
 * template ids the app asks WeChat for, and the shopper's answers for one of their own takeout orders.
 */
export function subscriptionRoutes(app: FastifyInstance, db: Q, templates: TakeoutTemplates): void {
  defineRoute(app, db, 'hui_public.takeout/subscribeTemplates', () => ({ tmpl_ids: templateIds(templates), templates: templateList(templates) }))

  defineRoute(app, db, 'personal.takeout/subscribe', ({ input, user }) => {
    const userId = requireUser(user).id
    return db.transaction('serializable', async (db) => {
      const row = await findOwnOrder(db, userId, input.id)
      if (row.kind !== 'takeout') throw refuse('order_not_found')
      return { granted: await recordGrants(db, templates, userId, row.id, input.results) }
    })
  })
}
