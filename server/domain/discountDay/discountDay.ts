import type { DiscountDayAnswer, DiscountDayShop } from '../../../src/contract/discountDay'
import { distanceMeters, type GeoPoint } from '../../../src/contract/geo'
import type { Shop } from '../../../src/contract/member'
import { sql, tx, type DB } from '../../storage/db'
import { percentOff } from '../discount'
import { refuse } from '../refusal'
import * as cards from '../../storage/repo/cards'
import * as shops from '../../storage/repo/shops'
import { recordDiscountDayMessage } from './message'
import { inBusinessZone, nowMs, nowText, parseText } from '../../time'

/**
 * Discount days (issue 26; docs/api.md "Discount day"). On a discount day (a business day in discount_days) a shop
 * taking part (discount_day_shops) gives card members a further discount on a bill: its extra rate on what is left
 * after the shop's and the card's discounts, rounded half up to the cent as every discount is (server/domain/discount.ts).
 * Who gets it: card members only (docs/decisions/0012-discount-day-members.md).
 */

/**
 * The template id a reminder is recorded with when none is configured (DISCOUNT_DAY_TEMPLATE): the sandbox's stand-in,
 * never asked of WeChat.
 */
export const REMINDER_TEMPLATE = 'sandbox-discount-day'

/** The business wall hour a discount day's reminder is sent at, that morning (the housekeeping sweep). */
export const REMIND_AT_HOUR = 9

/**
 * Reminders (a WeChat one-time subscription message): `template` is the configured template id the weapp asks WeChat
 * for; without one the sandbox still records reminders under REMINDER_TEMPLATE (nothing to ask), and a server outside
 * the sandbox takes none.
 */
export interface Reminders {
  template: string | null
  sandbox: boolean
}

/** The business day of an instant, "YYYY-MM-DD". */
const dayOf = (ms: number) => inBusinessZone(ms).format('YYYY-MM-DD')

export const isDiscountDay = (db: DB, day: string): boolean => sql(db, 'SELECT 1 FROM discount_days WHERE day = ?').get(day) !== undefined

/** A shop's extra rate (percent paid) when it takes part; null otherwise. */
const extraRateOf = (db: DB, shopId: number): number | null =>
  (sql(db, 'SELECT extra_rate FROM discount_day_shops WHERE shop_id = ?').get(shopId) as { extra_rate: number } | undefined)?.extra_rate ?? null

/**
 * The discount-day line of a bill, or null: today (the business day, server clock) a discount day, the shop taking
 * part, the shopper a card member (`cardRate` not null), and something left to take it off.
 */
export function discountDayCut(db: DB, shopId: number, cardRate: number | null, left: number, at = nowMs()): { day: string; rate: number; amount: number } | null {
  if (cardRate === null || left <= 0) return null
  const day = dayOf(at)
  if (!isDiscountDay(db, day)) return null
  const rate = extraRateOf(db, shopId)
  if (rate === null) return null
  const amount = percentOff(left, rate)
  return amount > 0 ? { day, rate, amount } : null
}

/** The calendar, the next day, the shops taking part (nearest first with a point), for the asker. */
export function discountDayAnswer(db: DB, q: { at: GeoPoint | null; cityId?: number; userId: number | null }, reminders: Reminders): DiscountDayAnswer {
  const now = nowMs()
  const today = dayOf(now)
  const month = today.slice(0, 7)
  const days = (sql(db, 'SELECT day FROM discount_days WHERE day LIKE ? ORDER BY day').all(`${month}-%`) as Array<{ day: string }>).map((r) => r.day)
  const nextDay = (sql(db, 'SELECT day FROM discount_days WHERE day > ? ORDER BY day LIMIT 1').get(today) as { day: string } | undefined)?.day ?? null
  const member = q.userId !== null && (cards.activeMemberRate(db, q.userId, nowText()) ?? null) !== null
  const reminded = q.userId !== null && nextDay !== null && isReminded(db, q.userId, nextDay)
  return {
    today,
    month,
    days,
    is_discount_day: isDiscountDay(db, today),
    next: nextDay === null ? null : { day: nextDay, starts_at: parseText(`${nextDay} 00:00:00`).valueOf() },
    members_only: true,
    member,
    reminded,
    can_remind: reminders.template !== null || reminders.sandbox,
    remind_template: reminders.template,
    shops: shopsTakingPart(db, q.at, q.cityId),
  }
}

function shopsTakingPart(db: DB, at: GeoPoint | null, cityId: number | undefined): DiscountDayShop[] {
  const rows = sql(db, 'SELECT shop_id, extra_rate FROM discount_day_shops ORDER BY shop_id').all() as Array<{ shop_id: number; extra_rate: number }>
  const list = rows.flatMap((r) => {
    const shop: Shop | undefined = shops.shopById(db, r.shop_id, at)
    if (!shop || (!at && cityId && shop.city_id !== cityId)) return []
    return [{ ...shop, ...(at ? { distance: distanceMeters(at, shop) } : {}), extra_rate: r.extra_rate }]
  })
  return at ? list.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || a.id - b.id) : list.sort((a, b) => a.extra_rate - b.extra_rate || a.id - b.id)
}

const comingDay = (db: DB, day: string) => {
  if (day < dayOf(nowMs()) || !isDiscountDay(db, day)) throw refuse('discount_day_unknown', { day })
}

/**
 * A shopper asks to be reminded of a coming discount day: on weapp with WeChat's answer for the configured template
 * (`template_id` the one answered; another id, or any answer but accept, records nothing); on H5, or with no template
 * configured, `accept` alone (the sandbox's stand-in: no WeChat to ask). One reminder per shopper and day: the one-time
 * consent allows one message, sent that morning by the sweep (sendDueReminders). Outside the sandbox without a template
 * nothing could be sent: refused.
 */
export function remind(db: DB, reminders: Reminders, userId: number, input: { day: string; result: string; template_id?: string }): { reminded: boolean } {
  comingDay(db, input.day)
  if (reminders.template === null && !reminders.sandbox) throw refuse('discount_day_remind_unavailable')
  const template = reminders.template ?? REMINDER_TEMPLATE
  if (input.result !== 'accept' || (input.template_id !== undefined && input.template_id !== template)) return { reminded: isReminded(db, userId, input.day) }
  tx(db, () => sql(db, 'INSERT OR IGNORE INTO discount_day_reminders (user_id, day, template_id, granted_at) VALUES (?, ?, ?, ?)').run(userId, input.day, template, nowMs()))
  return { reminded: true }
}

const isReminded = (db: DB, userId: number, day: string) => sql(db, 'SELECT 1 FROM discount_day_reminders WHERE user_id = ? AND day = ?').get(userId, day) !== undefined

/** The shopper changes their mind before the day: the reminder goes, nothing will be sent (none is an answer too). */
export function cancelReminder(db: DB, userId: number, day: string): { reminded: boolean } {
  comingDay(db, day)
  sql(db, 'DELETE FROM discount_day_reminders WHERE user_id = ? AND day = ? AND sent_at IS NULL').run(userId, day)
  return { reminded: false }
}

/**
 * The housekeeping sweep: on a discount day from REMIND_AT_HOUR (business time) each reminder for it uses its one-time
 * consent — the message WeChat would have been asked to send is recorded in the sandbox outbox (sandbox_messages, as a
 * takeout order's moves are: server/domain/takeout/subscriptions.ts) and the reminder marked sent, in one transaction. A reminder of a
 * day already over (the server was down that morning) is dropped unsent: nothing to remind of. Answers how many were sent.
 */
export function sendDueReminders(db: DB, now = nowMs()): number {
  const at = inBusinessZone(now)
  const today = at.format('YYYY-MM-DD')
  return tx(db, () => {
    sql(db, 'DELETE FROM discount_day_reminders WHERE day < ? AND sent_at IS NULL').run(today)
    if (at.hour() < REMIND_AT_HOUR || !isDiscountDay(db, today)) return 0
    const due = sql(db, 'SELECT r.user_id, r.template_id, u.wx_openid FROM discount_day_reminders r JOIN users u ON u.id = r.user_id WHERE r.day = ? AND r.sent_at IS NULL ORDER BY r.granted_at').all(today) as Array<{
      user_id: number
      template_id: string
      wx_openid: string | null
    }>
    const shopCount = (sql(db, 'SELECT COUNT(*) AS n FROM discount_day_shops').get() as { n: number }).n
    for (const r of due) {
      if (sql(db, 'UPDATE discount_day_reminders SET sent_at = ? WHERE user_id = ? AND day = ? AND sent_at IS NULL').run(now, r.user_id, today).changes !== 1) continue
      recordDiscountDayMessage(db, { userId: r.user_id, touser: r.wx_openid, templateId: r.template_id, day: today, shopCount, at: now })
    }
    return due.length
  })
}

/** A deleted account's reminders go with it (server/http/routes/account.ts deleteAccount). */
export const forgetReminders = (db: DB, userId: number): void => void sql(db, 'DELETE FROM discount_day_reminders WHERE user_id = ?').run(userId)

/**
 * Demo discount days, relative to the business day the database is seeded on (tests never depend on the date): three
 * days after it, then every week — DEMO_DAYS days. Never the seeding day itself: the rest of the suite prices its
 * bills on the day it runs, and a discount day there would change them. Shops 1, 3, 8 and 10 take part. Once.
 */
export function seedDiscountDays(db: DB): void {
  if (sql(db, 'SELECT 1 FROM discount_days LIMIT 1').get()) return
  tx(db, () => {
    const today = inBusinessZone(nowMs()).startOf('day')
    for (let i = 0; i < DEMO_DAYS; i++) sql(db, 'INSERT OR IGNORE INTO discount_days (day) VALUES (?)').run(today.add(DEMO_FIRST + i * 7, 'day').format('YYYY-MM-DD'))
    // Only shops the database has (an older database seeded before some demo shops existed has fewer).
    for (const [shopId, rate] of DEMO_SHOPS) sql(db, 'INSERT OR IGNORE INTO discount_day_shops (shop_id, extra_rate) SELECT ?, ? WHERE EXISTS (SELECT 1 FROM shops WHERE id = ?)').run(shopId, rate, shopId)
  })
}

/** The first demo day is this many days after the seeding day; DEMO_DAYS of them, a week apart. */
export const DEMO_FIRST = 3
export const DEMO_DAYS = 8

/** Demo shops taking part and their extra rate (95 = a further 5 % off). */
export const DEMO_SHOPS: ReadonlyArray<readonly [number, number]> = [
  [1, 95],
  [3, 90],
  [8, 97],
  [10, 95],
]
