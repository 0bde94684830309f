import type { FastifyInstance } from 'fastify'
import type { Q } from '../../storage/query'
import { defineRoute, refuse } from '../envelope'

/**
 * Alipay's buyer authorisation (auth_base → alipay.system.oauth.token) belongs to the Alipay provider (issue 40,
 * server/providers/alipay). Until it is configured here, both ends answer that Alipay is not available — the app asks
 * only when a payparam was refused `alipay_auth_required`, which only a configured Alipay does.
 */
export function alipayAuthStandIn(app: FastifyInstance, db: Q): void {
  defineRoute(app, db, 'alipay/getAuthUrl', { auth: false }, () => {
    throw refuse('online_pay_unavailable')
  })
  defineRoute(app, db, 'alipay/getOpenId', { auth: false }, () => {
    throw refuse('online_pay_unavailable')
  })
}
