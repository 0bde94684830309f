import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import { defineRoute, requireUser } from '../envelope'
import { myApplication, submitApplication } from '../../domain/merchant'

/**
 * Merchant sign-up (src/contract/merchantEndpoints.ts; docs/api.md "Merchant sign-up"): the shopper reads and submits
 * their own application. The review is the operator's command (scripts/admin.ts), not an endpoint.
 */
export function merchantRoutes(app: FastifyInstance, db: Q): void {
  defineRoute(app, db, 'personal.merchant_application/read', async ({ user }) => ({ application: await myApplication(db, requireUser(user).id) }))

  defineRoute(app, db, 'personal.merchant_application/submit', async ({ input, user }) => ({ application: await submitApplication(db, requireUser(user), input) }))
}
