import type { Q } from '../../storage/query'
import * as repo from '../../storage/repo/consoleDays'
import type { DayRow, DayShopRow } from '../../storage/repo/consoleDays'
import type { ConsoleDiscountDay, DiscountDayIndexAnswer } from '../../../src/contract/console'
import { refuse } from '../refusal'
import { inBusinessZone, nowMs } from '../../time'

/**
 * Discount days in the operator's console (issue 45; the shoppers' side: server/domain/discountDay/discountDay.ts). What
 * the domain has: a discount day is a business day (Asia/Shanghai by default) in discount_days; its rule is the shops
 * taking part (discount_day_shops) and each one's extra rate — the same rule on every discount day. So:
 * - a day can be added, moved or withdrawn only while it has not begun (after today's business day);
 * - the shops and their rates — the rule of today's discount day — cannot change while today is one: a bill paid this
 *   morning and one paid this afternoon get the same rule. Past days need nothing more: an order keeps the amounts it
 *   was priced at (orders' own columns; a bill's discount-day line is in its price detail).
 * - Reminders shoppers asked for (docs/decisions/2026-12-06-discount-days-and-contests-in-the-console.md): a moved day takes its reminders
 *   not sent yet along (the shopper asked to hear of that discount day); a withdrawn day's go (nothing to remind of).
 * Shoppers read these rows on every call (nothing is kept): a write shows at their next call.
 */

const dayOf = (ms: number) => inBusinessZone(ms).format('YYYY-MM-DD')

export function dayOfRow(r: DayRow, today: string): ConsoleDiscountDay {
  return { day: r.day, state: r.day > today ? 'upcoming' : r.day === today ? 'today' : 'past', reminders: r.reminders, reminders_sent: r.reminders_sent }
}

export async function discountDayIndex(db: Q, q: { when: 'upcoming' | 'past'; page: number; page_size: number }): Promise<DiscountDayIndexAnswer> {
  const today = dayOf(nowMs())
  const [{ rows, total }, shops, choices, todayRow] = await Promise.all([repo.daysPage(db, q.when, today, q.page_size, (q.page - 1) * q.page_size), repo.dayShops(db), repo.allShops(db), repo.dayRow(db, today)])
  return { list: rows.map((r) => dayOfRow(r, today)), total, page: q.page, page_size: q.page_size, today, running: todayRow !== undefined, shops, choices }
}

/** A day that has not begun: after today's business day. */
const notBegun = (day: string, today: string) => {
  if (day <= today) throw refuse('console_discount_day_begun', { day })
}

/** Add `day`, or move `from` to `day` (its unsent reminders with it). */
export async function saveDay(db: Q, p: { day: string; from?: string }): Promise<{ before: ConsoleDiscountDay | null; after: ConsoleDiscountDay; moved: number }> {
  const today = dayOf(nowMs())
  let before: ConsoleDiscountDay | null = null
  if (p.from !== undefined) {
    const old = await repo.dayRow(db, p.from)
    if (!old) throw refuse('console_discount_day_not_found', { day: p.from })
    notBegun(p.from, today)
    before = dayOfRow(old, today)
  }
  notBegun(p.day, today)
  if (!(await repo.insertDay(db, p.day))) throw refuse('console_discount_day_exists', { day: p.day })
  let moved = 0
  if (p.from !== undefined) {
    moved = await repo.moveReminders(db, p.from, p.day)
    await repo.deleteDay(db, p.from)
  }
  return { before, after: dayOfRow((await repo.dayRow(db, p.day)) as DayRow, today), moved }
}

/** Withdraw a day not begun; its unsent reminders go. */
export async function withdrawDay(db: Q, day: string): Promise<{ before: ConsoleDiscountDay; dropped: number }> {
  const today = dayOf(nowMs())
  const old = await repo.dayRow(db, day)
  if (!old) throw refuse('console_discount_day_not_found', { day })
  notBegun(day, today)
  const dropped = await repo.dropReminders(db, day)
  await repo.deleteDay(db, day)
  return { before: dayOfRow(old, today), dropped }
}

/** The rule (shops and rates) is today's discount day's while it runs: fixed until midnight. */
async function ruleOpen(db: Q): Promise<void> {
  if (await repo.dayRow(db, dayOf(nowMs()))) throw refuse('console_discount_day_running')
}

export async function saveShop(db: Q, shopId: number, rate: number): Promise<{ before: DayShopRow | null; after: DayShopRow }> {
  if (!(await repo.shopExists(db, shopId))) throw refuse('shop_not_found')
  await ruleOpen(db)
  const before = (await repo.dayShop(db, shopId)) ?? null
  await repo.upsertDayShop(db, shopId, rate)
  return { before, after: (await repo.dayShop(db, shopId)) as DayShopRow }
}

export async function removeShop(db: Q, shopId: number): Promise<{ before: DayShopRow }> {
  const before = await repo.dayShop(db, shopId)
  if (!before) throw refuse('console_discount_day_shop_absent')
  await ruleOpen(db)
  await repo.deleteDayShop(db, shopId)
  return { before }
}
