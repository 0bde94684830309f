import type { Q } from '../../storage/query'
import * as cards from '../../storage/repo/cards'
import { nowMs } from '../../time'
import { planAnswer, planCard } from '../cards'
import { refuse } from '../refusal'
import type { KindPayload, KindPriced } from './kind'

/**
 * A membership card's price: its list price, less what is left of the held cards on an upgrade (starts now); a
 * renewal starts when the held card ends; a lower level than one held is refused (server/domain/cards.ts planCard).
 */
export async function priceCard(db: Q, userId: number, p: KindPayload<'card'>): Promise<KindPriced> {
  const card = await cards.cardProduct(db, p.card_id)
  if (!card) throw refuse('card_not_found')
  // Withdrawn by the operator (npm run admin -- card-disable): no longer sold, renewals and upgrades included.
  if (!card.on_sale) throw refuse('card_not_on_sale', { card: card.name })
  const plan = await planCard(db, userId, card, nowMs(), true)
  return {
    title: `一卡通${card.name}`,
    original: card.price,
    discount: plan.credit,
    member: 0,
    fee: 0,
    shopId: null,
    refId: card.id,
    quantity: 1,
    detail: { days: card.days },
    lines: [],
    card: planAnswer(plan),
  }
}
