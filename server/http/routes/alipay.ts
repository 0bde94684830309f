import crypto from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Q } from '../../storage/query'
import { defineRoute, refuse } from '../envelope'
import { notify, sameSitePath } from '../../domain/pay/pay'
import type { PayProviders } from '../../domain/pay/providers'
import { ALIPAY_AUTH_CODE_PARAM } from '../../../src/contract/constants'
import { AlipayAuthRefused, type AlipayProvider } from '../../providers/alipay/provider'
import { alipayNotifyRoute } from '../../providers/alipay/notify'

/** The sandbox's stand-in for Alipay's authorisation page (no Alipay configured): back to the page with an auth_code. */
export const SANDBOX_ALIPAY_AUTHORIZE = '/sandbox/alipay/authorize'

const sandboxBuyer = (code: string) => `sandbox-alipay-${crypto.createHash('sha256').update(code).digest('hex').slice(0, 24)}`

/**
 * Alipay's buyer identity (`alipay/getAuthUrl`, `alipay/getOpenId`; docs/api.md "Alipay's buyer identity") and, when
 * Alipay is configured, its notification route (/notify/alipay). Configured: the real authorisation and
 * `alipay.system.oauth.token`. Not configured: in the sandbox a stand-in that comes straight back with an auth code and
 * a made-up buyer id; outside it `alipay_not_configured`.
 */
export function alipayRoutes(app: FastifyInstance, db: Q, providers: PayProviders, o: { alipay: AlipayProvider | null; sandbox: boolean }): void {
  const { alipay } = o

  defineRoute(app, db, 'alipay/getAuthUrl', ({ input }) => {
    if (alipay) return { url: alipay.authorizeUrl(input.redirect) }
    if (o.sandbox) return { url: `${SANDBOX_ALIPAY_AUTHORIZE}?redirect=${encodeURIComponent(input.redirect)}` }
    throw refuse('alipay_not_configured')
  })

  defineRoute(app, db, 'alipay/getOpenId', async ({ input, req }) => {
    if (!alipay) {
      if (o.sandbox) return { open_id: sandboxBuyer(input.code) }
      throw refuse('alipay_not_configured')
    }
    try {
      return { open_id: (await alipay.buyerOf(input.code)).id }
    } catch (error) {
      if (error instanceof AlipayAuthRefused) throw refuse('alipay_auth_failed')
      req.log.error({ err: error }, 'alipay.system.oauth.token failed')
      throw refuse('alipay_unavailable')
    }
  })

  if (o.sandbox && !alipay) {
    app.get(SANDBOX_ALIPAY_AUTHORIZE, async (req, reply) => {
      const target = sameSitePath(String((req.query as Record<string, unknown>).redirect ?? '/')) ?? '/'
      const code = `sandbox${crypto.randomBytes(8).toString('hex')}`
      // As Alipay comes back: auth_code (not WeChat's code), app_id, source, scope.
      return reply.redirect(`${target}${target.includes('?') ? '&' : '?'}${ALIPAY_AUTH_CODE_PARAM}=${code}&app_id=sandbox&source=alipay_wallet&scope=auth_base`)
    })
  }

  if (alipay) {
    // A verified notification is settled as any provider's (server/domain/pay/pay.ts notify): compared with the stored trade first.
    alipayNotifyRoute(app, alipay, async (event) => {
      const { outcome } = await notify(db, providers, event)
      return outcome !== 'rejected'
    })
  }
}
