import type { Q } from '../../storage/query'
import { ORDER_STATUS } from '../../../src/contract/constants'
import { TAKEOUT_RATE_DAYS, type TakeoutRating } from '../../../src/contract/takeout'
import { refuse } from '../refusal'
import { findOwnOrder } from '../orders'
import type { OrderRow } from '../../storage/repo/orders'
import * as repo from '../../storage/repo/takeout'
import { fmt, nowMs, nowText, parseText } from '../../time'

/**
 * The shopper's rating of a takeout order (issue 39; docs/decisions/2026-12-06-takeout-calls-and-ratings.md): the
 * order as a whole, 1–5 stars and optional words, once, by the order's own shopper, after it was delivered or
 * collected (40) and within TAKEOUT_RATE_DAYS of that. The shopper and the store read it; it is not public.
 */

const DAY_MS = 86_400_000
/** The trail's moves that finish a takeout order (delivered by the store, the shopper or the timer; collected). */
const FINISHING = ['takeout_delivered', 'takeout_confirmed', 'takeout_auto_delivered', 'takeout_picked_up']

/** When a finished (40) takeout order was finished, ms; null when it is not finished. */
async function finishedAt(db: Q, row: OrderRow): Promise<number | null> {
  if (row.status !== ORDER_STATUS.COMPLETED) return null
  const done = (await repo.takeoutTrail(db, row.id)).find((a) => FINISHING.includes(a.action))
  return done ? parseText(done.at).valueOf() : null
}

export const ratingView = (r: repo.TakeoutRatingRow | undefined): TakeoutRating | null => (r ? { stars: r.stars, words: r.words, at: r.created_at } : null)

/** The order's rating and, while it may still be given, until when (business wall time). */
export async function ratingOf(db: Q, row: OrderRow): Promise<{ rating: TakeoutRating | null; rate_until: string | null }> {
  const rating = ratingView(await repo.ratingOf(db, row.id))
  if (rating) return { rating, rate_until: null }
  const done = await finishedAt(db, row)
  const until = done === null ? null : done + TAKEOUT_RATE_DAYS * DAY_MS
  return { rating: null, rate_until: until !== null && until > nowMs() ? fmt(until) : null }
}

/**
 * Rate the shopper's own takeout order: another's or not takeout is order_not_found; not finished yet
 * takeout_rate_not_done; rated already takeout_already_rated (a second rating racing the first loses on the primary key);
 * past TAKEOUT_RATE_DAYS takeout_rate_expired.
 */
export async function rateTakeout(db: Q, userId: number, id: number, stars: number, words: string | undefined): Promise<OrderRow> {
  return db.transaction('serializable', async (db) => {
    const row = await findOwnOrder(db, userId, id)
    const t = row.kind === 'takeout' ? await repo.takeoutOrderOf(db, row.id) : undefined
    if (!t) throw refuse('order_not_found')
    if (await repo.ratingOf(db, row.id)) throw refuse('takeout_already_rated')
    const done = await finishedAt(db, row)
    if (done === null) throw refuse('takeout_rate_not_done')
    if (nowMs() > done + TAKEOUT_RATE_DAYS * DAY_MS) throw refuse('takeout_rate_expired', { days: TAKEOUT_RATE_DAYS })
    const inserted = await repo.insertRating(db, { order_id: row.id, user_id: userId, shop_id: t.shop_id, stars, words: words ? words : null, created_at: nowText() })
    if (!inserted) throw refuse('takeout_already_rated')
    return row
  })
}
