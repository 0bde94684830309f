import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Q } from '../../storage/query'
import { handleRefundNotification, notify } from '../../domain/pay/pay'
import type { PayProviders } from '../../domain/pay/providers'
import { NotificationRejected, type NotificationRequest } from '../../providers/pay/types'
import { NOTIFY_PAY_PATH, NOTIFY_REFUND_PATH, type WechatPay } from '../../providers/wechatpay/wechatpay'
import { scopeNamed } from '../scope'

/**
 * The payment providers' notifications (issue 40; server/providers/README.md): not /api routes — each answers in its
 * provider's format. WeChat Pay: 204 with no body when the notification was taken (also a repeat: WeChat Pay sends it
 * again until it is answered so), 4xx/5xx with `{"code":"FAIL","message":…}` otherwise (it tries again later). The body
 * is read as bytes: the signature is over them exactly as sent. The provider verifies (signature, timestamp window,
 * decryption, merchant and app ids); the domain compares the event with the stored trade before anything is paid.
 */
export async function notifyRoutes(app: FastifyInstance, db: Q, providers: PayProviders, p: { wechatpay?: WechatPay | null }): Promise<void> {
  const wechatpay = p.wechatpay
  if (!wechatpay) return
  await app.register(scopeNamed('WeChat Pay notifications', async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    const failWith = (reply: FastifyReply, status: number, message: string) => reply.code(status).header('Cache-Control', 'no-store').send({ code: 'FAIL', message })
    // Whatever goes wrong here is answered in WeChat Pay's format (never the API's 200 envelope: 200 means "taken").
    scope.setErrorHandler((err, req, reply) => {
      req.log.error({ err }, 'wechatpay notification failed')
      const status = (err as { statusCode?: number }).statusCode
      return failWith(reply, status && status >= 400 && status < 500 ? status : 500, status && status < 500 ? 'bad request' : 'server error')
    })
    const requestOf = (req: FastifyRequest): NotificationRequest => ({
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v])),
      rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
    })
    const refused = (req: FastifyRequest, reply: FastifyReply, err: unknown) => {
      if (!(err instanceof NotificationRejected)) throw err
      req.log.warn({ reason: err.message }, 'wechatpay notification refused')
      return failWith(reply, err.status, err.message)
    }

    scope.post(NOTIFY_PAY_PATH, async (req, reply) => {
      let event
      try {
        event = await wechatpay.parsePaymentNotification(requestOf(req))
      } catch (err) {
        return refused(req, reply, err)
      }
      const { outcome } = await notify(db, providers, event)
      if (outcome === 'rejected') {
        req.log.warn({ trade_no: event.trade_no }, 'wechatpay notification does not match its trade')
        return failWith(reply, 400, 'trade does not match')
      }
      return reply.code(204).send()
    })

    scope.post(NOTIFY_REFUND_PATH, async (req, reply) => {
      let event
      try {
        event = await wechatpay.parseRefundNotification(requestOf(req))
      } catch (err) {
        return refused(req, reply, err)
      }
      if (!(await handleRefundNotification(db, event))) {
        req.log.warn({ refund_no: event.refund_no }, 'wechatpay refund notification does not match its refund')
        return failWith(reply, 400, 'refund does not match')
      }
      return reply.code(204).send()
    })
  }))
}
