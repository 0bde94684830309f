import type { Q } from '../../storage/query'
import type { DiscountDayAnswer, DiscountDayShop } from '../../../src/contract/discountDay'
import { distanceMeters, type GeoPoint } from '../../../src/contract/geo'
import type { Shop } from '../../../src/contract/member'
import * as repo from '../../storage/repo/discountDays'
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

/**
 * The discount-day line of a bill, or null: today (the business day, server clock) a discount day, the shop taking
 * part, the shopper a card member (`cardRate` not null), and something left to take it off.
 */
export async function discountDayCut(db: Q, shopId: number, cardRate: number | null, left: number, at = nowMs()): Promise<{ day: string; rate: number; amount: number } | null> {
  if (cardRate === null || left <= 0) return null
  const day = dayOf(at)
  if (!(await repo.isDiscountDay(db, day))) return null
  const rate = await repo.extraRateOf(db, shopId)
  if (rate === null) return null
  const amount = percentOff(left, rate)
  return amount > 0 ? { day, rate, amount } : null
}

/**
 * The calendar, the next day, the shops taking part (nearest first with a point), for the asker. No transaction: reads
 * only, each answer on its own (days and shops change only with the seed).
 *
 * Two reads are other verticals' rows: whether the asker holds a card (server/storage/repo/cards.ts) and the shops'
 * fields (server/storage/repo/shops.ts shopById: the one shape of a shop, its class and city, kept with the shops).
 */
export async function discountDayAnswer(db: Q, q: { at: GeoPoint | null; cityId?: number; userId: number | null }, reminders: Reminders): Promise<DiscountDayAnswer> {
  const now = nowMs()
  const today = dayOf(now)
  const month = today.slice(0, 7)
  const [days, nextDay, isToday, taking] = await Promise.all([repo.daysOfMonth(db, month), repo.nextDayAfter(db, today), repo.isDiscountDay(db, today), repo.shopsTakingPart(db)])
  const member = q.userId !== null && ((await cards.activeMemberRate(db, q.userId, nowText())) ?? null) !== null
  const reminded = q.userId !== null && nextDay !== null && (await repo.isReminded(db, q.userId, nextDay))
  return {
    today,
    month,
    days,
    is_discount_day: isToday,
    next: nextDay === null ? null : { day: nextDay, starts_at: parseText(`${nextDay} 00:00:00`).valueOf() },
    members_only: true,
    member,
    reminded,
    can_remind: reminders.template !== null || reminders.sandbox,
    remind_template: reminders.template,
    shops: await shopsOf(db, taking, q.at, q.cityId),
  }
}

async function shopsOf(db: Q, rows: Array<{ shop_id: number; extra_rate: number }>, at: GeoPoint | null, cityId: number | undefined): Promise<DiscountDayShop[]> {
  const list: DiscountDayShop[] = []
  for (const r of rows) {
    const shop: Shop | undefined = await shops.shopById(db, r.shop_id, at)
    if (!shop || (!at && cityId && shop.city_id !== cityId)) continue
    list.push({ ...shop, ...(at ? { distance: distanceMeters(at, shop) } : {}), extra_rate: r.extra_rate })
  }
  return at ? list.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || a.id - b.id) : list.sort((a, b) => a.extra_rate - b.extra_rate || a.id - b.id)
}

const comingDay = async (db: Q, day: string) => {
  if (day < dayOf(nowMs()) || !(await repo.isDiscountDay(db, day))) throw refuse('discount_day_unknown', { day })
}

/**
 * A shopper asks to be reminded of a coming discount day: on weapp with WeChat's answer for the configured template
 * (`template_id` the one answered; another id, or any answer but accept, records nothing); on H5, or with no template
 * configured, `accept` alone (the sandbox's stand-in: no WeChat to ask). One reminder per shopper and day: the one-time
 * consent allows one message, sent that morning by the sweep (sendDueReminders). Outside the sandbox without a template
 * nothing could be sent: refused.
 *
 * No transaction: one statement, INSERT … ON CONFLICT DO NOTHING on the (user, day) key — two asks at once keep one
 * reminder on either engine. The day checked before it is only ever written by the seed.
 */
export async function remind(db: Q, reminders: Reminders, userId: number, input: { day: string; result: string; template_id?: string }): Promise<{ reminded: boolean }> {
  await comingDay(db, input.day)
  if (reminders.template === null && !reminders.sandbox) throw refuse('discount_day_remind_unavailable')
  // Outside the sandbox a reminder is WeChat's one-time consent to the template, which only the mini-program can ask
  // (issue 40): an "accept" without the template's id (a browser) would be a message WeChat never delivers.
  if (reminders.template !== null && !reminders.sandbox && input.template_id === undefined) throw refuse('discount_day_remind_unavailable')
  const template = reminders.template ?? REMINDER_TEMPLATE
  if (input.result !== 'accept' || (input.template_id !== undefined && input.template_id !== template)) return { reminded: await repo.isReminded(db, userId, input.day) }
  await repo.addReminder(db, { userId, day: input.day, templateId: template, grantedAt: nowMs() })
  return { reminded: true }
}

/**
 * The shopper changes their mind before the day: the reminder goes, nothing will be sent (none is an answer too). One
 * conditional DELETE (… AND sent_at IS NULL), no transaction: a reminder the sweep has just sent stays sent.
 */
export async function cancelReminder(db: Q, userId: number, day: string): Promise<{ reminded: boolean }> {
  await comingDay(db, day)
  await repo.cancelReminder(db, userId, day)
  return { reminded: false }
}

/**
 * The housekeeping sweep: on a discount day from REMIND_AT_HOUR (business time) each reminder for it uses its one-time
 * consent — the message WeChat would have been asked to send is recorded in the sandbox outbox (sandbox_messages, as a
 * takeout order's moves are: server/domain/takeout/subscriptions.ts) and the reminder marked sent, in one transaction. A reminder of a
 * day already over (the server was down that morning) is dropped unsent: nothing to remind of. Answers how many were sent.
 *
 * Isolation: READ COMMITTED with a conditional update per reminder (… SET sent_at WHERE sent_at IS NULL): when two
 * processes sweep at once, the second's UPDATE waits on the first's row lock, then finds the row sent and records no
 * message — one message per consent, no retries. On SQLite, BEGIN IMMEDIATE. Only the database is touched (the outbox
 * is a table): the transaction may run again.
 */
export async function sendDueReminders(db: Q, now = nowMs()): Promise<number> {
  const at = inBusinessZone(now)
  const today = at.format('YYYY-MM-DD')
  return db.transaction('read committed', async (trx) => {
    await repo.dropMissedReminders(trx, today)
    if (at.hour() < REMIND_AT_HOUR || !(await repo.isDiscountDay(trx, today))) return 0
    const due = await repo.dueReminders(trx, today)
    if (due.length === 0) return 0
    const shopCount = await repo.countShopsTakingPart(trx)
    let sent = 0
    for (const r of due) {
      if (!(await repo.markSent(trx, r.user_id, today, now))) continue
      await recordDiscountDayMessage(trx, { userId: r.user_id, touser: r.wx_openid, templateId: r.template_id, day: today, shopCount, at: now })
      sent++
    }
    return sent
  })
}

/** A deleted account's reminders go with it, inside account deletion's transaction (server/http/routes/account.ts deleteAccount). */
export const forgetReminders = async (db: Q, userId: number): Promise<void> => repo.deleteRemindersOf(db, userId)


/**
 * Demo discount days, relative to the business day the database is seeded on (tests never depend on the date): three
 * days after it, then every week — DEMO_DAYS days. Never the seeding day itself: the rest of the suite prices its
 * bills on the day it runs, and a discount day there would change them. Shops 1, 3, 8 and 10 take part. Once.
 */
export async function seedDiscountDays(db: Q): Promise<void> {
  // Inside the demo seed's transaction (server/demo/seed.ts; server/storage/seed/run.ts), on either engine.
  if (await repo.hasDiscountDays(db)) return
  const today = inBusinessZone(nowMs()).startOf('day')
  for (let i = 0; i < DEMO_DAYS; i++) await repo.addDay(db, today.add(DEMO_FIRST + i * 7, 'day').format('YYYY-MM-DD'))
  // Only shops the database has (an older database seeded before some demo shops existed has fewer).
  for (const [shopId, rate] of DEMO_SHOPS) await repo.addShop(db, shopId, rate)
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
