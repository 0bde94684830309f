import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { NotificationRejected, type PaymentEvent } from '../pay/types'
import type { AlipayProvider } from './provider'

/** Where Alipay posts its asynchronous notifications (notify_url = PUBLIC_URL + this). */
export const ALIPAY_NOTIFY_PATH = '/notify/alipay'

/**
 * What the domain made of a verified notification: true when it is settled (paid now, paid already, a failure recorded,
 * late money sent back) — Alipay may stop; false when the stored trade does not match it (amount, provider) — `fail`,
 * and Alipay tries again later (up to 8 times over about 25 hours).
 */
export type SettleAlipay = (event: PaymentEvent) => Promise<boolean>

/**
 * POST /notify/alipay: Alipay's asynchronous notification, answered as Alipay expects — the plain text `success` (the
 * only answer that stops its retries) or `fail`. Not an /api route: no envelope, its own form parser (the raw bytes are
 * what the signature covers), its own error handler. Registered by server/http/app.ts when Alipay is configured.
 */
export function alipayNotifyRoute(app: FastifyInstance, alipay: AlipayProvider, settle: SettleAlipay): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body))
    scope.setErrorHandler((error, req, reply) => {
      const e = error as { message?: string; code?: string }
      req.log.warn({ err: { message: e.message, code: e.code } }, 'alipay notification not read')
      return reply.code(400).type('text/plain').send('fail')
    })
    scope.post(ALIPAY_NOTIFY_PATH, async (req, reply) => {
      const answer = (status: number, text: 'success' | 'fail') => reply.code(status).header('cache-control', 'no-store').type('text/plain').send(text)
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
      let event: PaymentEvent | null
      try {
        event = await alipay.readNotification({ headers: headersOf(req.headers), rawBody })
      } catch (error) {
        if (error instanceof NotificationRejected) {
          logRejected(req.log, error.message)
          return answer(error.status >= 400 ? error.status : 400, 'fail')
        }
        throw error
      }
      // Verified, and nothing to settle (the buyer has not paid yet; a refund changed the trade's status).
      if (!event) return answer(200, 'success')
      let settled: boolean
      try {
        settled = await settle(event)
      } catch (error) {
        req.log.error({ err: error, trade_no: event.trade_no }, 'alipay notification not settled')
        return answer(500, 'fail')
      }
      if (!settled) {
        logRejected(req.log, `does not match the stored trade ${event.trade_no}`)
        return answer(400, 'fail')
      }
      return answer(200, 'success')
    })
  })
}

const logRejected = (log: FastifyBaseLogger, why: string) => log.warn({ why }, 'alipay notification refused')

const headersOf = (headers: Record<string, string | string[] | undefined>): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value[0] : value]))
