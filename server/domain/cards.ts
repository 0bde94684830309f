import type { Q } from '../storage/query'
import type { CardPlan } from '../../src/contract/order'
import type { UserCard } from '../../src/contract/member'
import { ORDER_STATUS } from '../../src/contract/constants'
import { refuse } from './refusal'
import * as cards from '../storage/repo/cards'
import type { HeldCard, UserCardRow } from '../storage/repo/cards'
import { fmt, inBusinessZone, parseText } from '../time'

/**
 * The card rules (docs/api.md "Membership cards"), one place for the quote, the fulfilment and every
 * answer that shows a card:
 * - no card held: the new card starts now;
 * - the SAME level as the highest card held: a renewal, it starts when the last held card ends (no day lost);
 * - a HIGHER level: an upgrade, it starts now; every card held ends now and what is left of each is credited
 *   pro rata (what was paid for it × time left ÷ its whole term) against the upgrade's price;
 * - a LOWER level while a higher card is held: refused (a lower card would only add days of a smaller
 *   discount behind the better one; the shopper renews or waits).
 * "Held": not ended, and its order is not refunding (suspended) or refunded (void).
 */
export interface Plan {
  mode: CardPlan['mode']
  start: ReturnType<typeof inBusinessZone>
  end: ReturnType<typeof inBusinessZone>
  replaced: HeldCard[]
  credit: number
}

type Product = { name: string; level: number; price: number; days: number }

/** `strict`: refuse a lower level (the quote and create); at payment the money is taken already, so it queues. */
export async function planCard(db: Q, userId: number, product: Product, nowMs: number, strict: boolean): Promise<Plan> {
  const now = inBusinessZone(nowMs)
  const held = await cards.heldCards(db, userId, fmt(nowMs))
  const top = held.reduce<HeldCard | null>((best, c) => (!best || c.level > best.level ? c : best), null)
  const lastEnd = () => parseText(held.reduce((end, c) => (c.end_at > end ? c.end_at : end), held[0].end_at))
  if (!top) return { mode: 'new', start: now, end: now.add(product.days, 'day'), replaced: [], credit: 0 }
  if (product.level > top.level) {
    const credit = held.reduce((sum, c) => sum + remainderOf(c, nowMs), 0)
    return { mode: 'upgrade', start: now, end: now.add(product.days, 'day'), replaced: held, credit: Math.min(credit, product.price) }
  }
  if (product.level < top.level && strict) throw refuse('card_lower_level', { held: top.name, wanted: product.name })
  const start = lastEnd()
  return { mode: 'renew', start, end: start.add(product.days, 'day'), replaced: [], credit: 0 }
}

/** What is left of a card at `nowMs`, in cents: its price paid × unused share of its term (rounded down). */
function remainderOf(c: HeldCard, nowMs: number): number {
  const start = parseText(c.start_at).valueOf()
  const end = parseText(c.end_at).valueOf()
  if (end <= start) return 0
  const left = end - Math.max(start, nowMs)
  return Math.floor((c.paid * left) / (end - start))
}

/** The quote's card part (what the shopper sees before paying). */
export function planAnswer(p: Plan): CardPlan {
  return {
    mode: p.mode,
    start_at: fmt(p.start),
    end_at: fmt(p.end),
    replaces: p.replaced.map((c) => ({ name: c.name, end_at: c.end_at })),
    credit_amount: p.credit,
  }
}

export type CardState = UserCard['state']

/** A card's state at `now`: refunding → suspended, refunded → void, then by its dates. */
export function cardState(r: Pick<UserCardRow, 'order_status' | 'start_at' | 'end_at' | 'replaced_by'>, now: string): CardState {
  if (r.order_status === ORDER_STATUS.REFUNDED) return 'void'
  if (r.order_status === ORDER_STATUS.REFUNDING) return 'suspended'
  if (r.replaced_by !== null && r.end_at <= now) return 'upgraded'
  if (r.end_at <= now) return 'expired'
  if (r.start_at > now) return 'queued'
  return 'active'
}

export function toUserCard(r: UserCardRow, now: string): UserCard {
  const state = cardState(r, now)
  return {
    id: r.id,
    card_no: r.card_no,
    name: r.name,
    level: r.level,
    start_at: r.start_at,
    end_at: r.end_at,
    member_rate: r.member_rate,
    benefits: JSON.parse(r.benefits) as string[],
    active: state === 'active',
    state,
    till_secret: r.secret,
  }
}
