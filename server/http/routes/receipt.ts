import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import { defineRoute, refuse } from '../envelope'
import { receiptOf, receiptSetting, type GoldPlanConfig } from '../../domain/pay/receipt'

/**
 * The receipt in WeChat Pay's frame (src/contract/receipt.ts; docs/api.md "The receipt in WeChat Pay's frame"): no
 * session (the frame may not carry the shopper's), answered only when check_code is right, receipt data only.
 */
export function receiptRoutes(app: FastifyInstance, db: Q, goldplan: GoldPlanConfig, sandbox: boolean): void {
  defineRoute(app, db, 'hui_public.order/receipt', ({ input, req, lang }) => {
    const setting = receiptSetting(goldplan, sandbox, `${req.protocol}://${req.host}`)
    if (!setting) throw refuse('receipt_unavailable')
    return receiptOf(db, setting, goldplan.frameOrigin, input, lang)
  })
}
