/**
 * Subscription messages of takeout orders (issue 25 "Live status"). On weapp the pay tap asks WeChat for the shopper's
 * one-time consent to the templates the server names (`hui_public.takeout/subscribeTemplates`; server env
 * TAKEOUT_TEMPLATE_*), then reports the answers with the order's id (`personal.takeout/subscribe`). One accepted
 * one-time template allows ONE message: the first move of the order that template covers. In the sandbox nothing is
 * sent: the message WeChat would have been asked to send is recorded in an outbox (GET /api/sandbox/messages).
 * docs/api.md "Takeout" → "Subscription messages".
 */
import { z } from 'zod'
import { Id } from './common'
import { SUBSCRIBE_EVENTS, SUBSCRIBE_MAX_TEMPLATES, SUBSCRIBE_RESULTS, type SubscribeEvent } from './takeoutEndpoints'

export { SUBSCRIBE_EVENTS, SUBSCRIBE_MAX_TEMPLATES, SUBSCRIBE_RESULTS }
export type { SubscribeEvent, SubscribeResult } from './takeoutEndpoints'

const TemplateId = z
  .string({ invalid_type_error: 'template_id must be text', required_error: 'template_id is required' })
  .trim()
  .min(1, 'template_id is required')
  .max(64, 'template_id is too long')
  .regex(/^[A-Za-z0-9_-]+$/, 'template_id is not a template id')

/** The template ids to ask for (unique, at most three; empty: none configured, the app does not ask). */
export const TakeoutSubscribeTemplatesAnswer = z.object({
  tmpl_ids: z.array(z.string()),
  templates: z.array(z.object({ event: z.enum(SUBSCRIBE_EVENTS), template_id: z.string() })),
})
export type TakeoutSubscribeTemplatesAnswer = z.infer<typeof TakeoutSubscribeTemplatesAnswer>

/** What the shopper answered for each template id, for one of their own takeout orders. */
export const TakeoutSubscribePayload = z.object({
  id: Id,
  results: z
    .array(z.object({ template_id: TemplateId, result: z.enum(SUBSCRIBE_RESULTS) }))
    .max(SUBSCRIBE_MAX_TEMPLATES, 'at most 3 templates'),
})
export type TakeoutSubscribePayload = z.infer<typeof TakeoutSubscribePayload>

/** The template ids now granted for the order (accepted, configured; one message each). */
export const TakeoutSubscribeAnswer = z.object({ granted: z.array(z.string()) })

/** A message the sandbox recorded instead of sending (GET /api/sandbox/messages). */
export interface SandboxMessage {
  id: number
  /** The takeout order it is about; null: a discount day's reminder (server/domain/discountDay/discountDay.ts). */
  order_id: number | null
  user_id: number
  /** The shopper's WeChat openid when known (null: signed in without WeChat: a real send would be skipped). */
  touser: string | null
  template_id: string
  event: SubscribeEvent | 'discount_day'
  /** The mini-program page the message opens. */
  page: string
  /** The template's fields, as WeChat's subscribeMessage.send takes them. */
  data: Record<string, { value: string }>
  /** Business wall time on the server's clock. */
  at: string
}
