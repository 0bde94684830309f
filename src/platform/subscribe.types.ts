import type { SubscribeResult } from '@/contract/takeoutEndpoints'

/** What the shopper answered per template id (empty: not asked, refused by the platform, or failed). */
export type SubscribeAnswers = Array<{ template_id: string; result: SubscribeResult }>

/** Subscription messages (WeChat's one-time consent to be told of an order's moves). */
export interface SubscribeMessages {
  /** Whether this platform can ask at all (weapp); elsewhere the app need not even read the template ids. */
  readonly supported: boolean
  /**
   * Ask for these templates. MUST be called synchronously in the tap handler, before any `await` (WeChat refuses the
   * request outside a tap gesture). Never rejects and never needs waiting for: paying goes on meanwhile.
   */
  ask(tmplIds: readonly string[]): Promise<SubscribeAnswers>
}
