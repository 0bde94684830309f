/**
 * Subscription messages of takeout orders (src/contract/takeoutSubscribe.ts): the template ids to ask for — read only
 * where the platform can ask (weapp) — and the shopper's answers reported with the order's id, quietly (a failure only
 * means no message).
 */
import type { SubscribeResult } from '@/contract/takeoutEndpoints'
import { useQuery } from '@/hooks/useQuery'
import { requestTakeout } from './takeout'

const none: string[] = []

/** The template ids the pay tap asks for ([] until read, when the platform cannot ask, or when none are configured). */
export function useSubscribeTemplates(supported: boolean): string[] {
  const q = useQuery(() => requestTakeout('hui_public.takeout/subscribeTemplates', {}).then((r) => r.tmpl_ids), [], supported)
  return q.data ?? none
}

/** Reports what the shopper answered, once the order exists; never throws. */
export function reportSubscription(orderId: number, answers: Promise<Array<{ template_id: string; result: SubscribeResult }>>): Promise<void> {
  return answers
    .then((results) => (results.length ? requestTakeout('personal.takeout/subscribe', { id: orderId, results }).then(() => undefined) : undefined))
    .catch(() => undefined)
}
