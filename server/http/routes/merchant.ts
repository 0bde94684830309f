import type { FastifyInstance } from 'fastify'
import type { DB } from '../../storage/db'
import { defineRoute, requireUser } from '../envelope'
import { myApplication, submitApplication } from '../../domain/merchant'

/**
 * Merchant sign-up (src/contract/merchantEndpoints.ts; docs/api.md "Merchant sign-up"): the shopper reads and submits
 * their own application. The review is the operator's command (scripts/admin.ts), not an endpoint.
 */
export function merchantRoutes(app: FastifyInstance, db: DB): void {
  defineRoute(app, db, 'personal.merchant_application/read', { auth: true }, ({ user }) => ({ application: myApplication(db, requireUser(user).id) }))

  defineRoute(app, db, 'personal.merchant_application/submit', { auth: true }, ({ input, user }) => ({ application: submitApplication(db, requireUser(user), input) }))
}
