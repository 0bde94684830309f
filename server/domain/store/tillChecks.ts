import { lockRow, type Q } from '../../storage/query'
import type { ApiLang } from '../../../src/contract/common'
import type { CardCheckAnswer, VerifyPreviewAnswer } from '../../../src/contract/store'
import { REDEEM_LIMITS, TILL_CHECKS_KEEP_DAYS, TILL_LIMITS, type MyTillCheck, type StoreTillCheck } from '../../../src/contract/tillChecks'
import { parseTillCode } from '../../../src/contract/tillCode'
import { refuse } from '../refusal'
import { named } from '../names'
import * as checks from '../../storage/repo/tillChecks'
import type { OrderRow } from '../../storage/repo/orders'
import { checkCardCode, maskPhone, previewCode, verifyCode, type Staff } from './store'
import { fmt, nowMs } from '../../time'

/**
 * Member till codes at the till, limited and recorded (issue 23; docs/api.md "Limits at the till"). A code is 6
 * digits of a TOTP with three of them valid at any moment, so guessing is limited by counting FAILED checks
 * (answered `invalid`) in the database — every server process on the file counts the same rows — over windows on
 * the server's clock (TILL_LIMITS):
 *
 * - per staff account: too many failures → every check of that account waits;
 * - per card: once a card has too many failures from all stores together, a store that made several of them is
 *   refused on that card, whatever code it sends (so the refusal is no oracle: a guess that happens to be right
 *   is refused like a wrong one); a store with fewer failures on it is checked as usual, so strangers guessing
 *   cannot lock the member out at the store where they stand with their real code.
 *
 * Correct codes never count. The count, the check and the record are one IMMEDIATE transaction, so guesses in
 * flight at once (over one process or several) cannot all slip under a limit.
 */

const MINUTE_MS = 60_000

/** Minutes this staff member must wait before checking this card (null: they may check now). Inside the transaction. */
async function waitMinutes(db: Q, staff: Staff, cardId: number | null, now: number): Promise<number | null> {
  const until: number[] = []
  const staffWindow = TILL_LIMITS.staff.windowMinutes * MINUTE_MS
  const staffAt = await checks.nthFailureOfStaff(db, staff.userId, now - staffWindow, TILL_LIMITS.staff.failures)
  if (staffAt !== undefined) until.push(staffAt + staffWindow)
  if (cardId !== null) {
    const cardWindow = TILL_LIMITS.card.windowMinutes * MINUTE_MS
    const cardAt = await checks.nthFailureOfCard(db, cardId, now - cardWindow, TILL_LIMITS.card.failures)
    const storeAt = cardAt === undefined ? undefined : (await checks.nthFailureOfStoreOnCard(db, cardId, staff.shopId, now - cardWindow, TILL_LIMITS.card.storeFailures))
    // Refused while both hold: until the first of the two counts drops below its limit.
    if (cardAt !== undefined && storeAt !== undefined) until.push(Math.min(cardAt, storeAt) + cardWindow)
  }
  if (until.length === 0) return null
  return Math.max(1, Math.ceil((Math.max(...until) - now) / MINUTE_MS))
}

/**
 * A staff member checks a scanned member code: refused (`till_check_too_many`, with the minutes to wait) over a
 * limit, else the card's answer (checkCardCode); either way recorded.
 */
export async function checkAtTill(db: Q, staff: Staff, code: string, at?: number): Promise<CardCheckAnswer> {
  const parsed = parseTillCode(code)
  // PostgreSQL: READ COMMITTED after locking the shop's row, then the card's — the limits count a staff account's and a
  // store's checks (both the shop's) and a card's, so checks that share one run one after another, each counting the
  // others (always shop before card: no two checks wait on each other). SERIALIZABLE alone answered some of 40 checks
  // at once with 500s (its retries ran out).
  const outcome = await db.transaction('read committed', async (db): Promise<{ answer: CardCheckAnswer } | { minutes: number }> => {
    await lockRow(db, 'shops', staff.shopId)
    const cardId = parsed && (await checks.cardExists(db, parsed.cardId)) ? parsed.cardId : null
    if (cardId !== null) await lockRow(db, 'user_cards', cardId)
    // The moment read after the locks: a check that waited for others is stamped after theirs (its wait counted from them).
    const now = at ?? nowMs()
    const minutes = await waitMinutes(db, staff, cardId, now)
    const answer = minutes === null ? (await checkCardCode(db, code, now)) : null
    await checks.insertCheck(db, { staff_user_id: staff.userId, shop_id: staff.shopId, card_id: cardId, result: answer ? answer.result : 'refused', at: now, kind: 'card' })
    return answer ? { answer } : { minutes: minutes ?? 1 }
  })
  if ('minutes' in outcome) throw refuse('till_check_too_many', { minutes: outcome.minutes })
  return outcome.answer
}

// Redemption codes (issue 43) --------------------------------------------------------------------------------------

/** Minutes this staff member must wait before trying another redemption code (null: now). Inside the transaction. */
async function redemptionWaitMinutes(db: Q, staff: Staff, now: number): Promise<number | null> {
  const until: number[] = []
  const staffWindow = REDEEM_LIMITS.staff.windowMinutes * MINUTE_MS
  const staffAt = await checks.nthRedemptionFailureOfStaff(db, staff.userId, now - staffWindow, REDEEM_LIMITS.staff.failures)
  if (staffAt !== undefined) until.push(staffAt + staffWindow)
  const storeWindow = REDEEM_LIMITS.store.windowMinutes * MINUTE_MS
  const storeAt = await checks.nthRedemptionFailureOfStore(db, staff.shopId, now - storeWindow, REDEEM_LIMITS.store.failures)
  if (storeAt !== undefined) until.push(storeAt + storeWindow)
  if (until.length === 0) return null
  return Math.max(1, Math.ceil((Math.max(...until) - now) / MINUTE_MS))
}

/**
 * A redemption code tried at the till (REDEEM_LIMITS, src/contract/tillChecks.ts): over a limit refused
 * (`verify_too_many`, the minutes to wait) without looking the code up — a right guess answers like a wrong one; else
 * `attempt` runs, and a code it found naming no order of the store is recorded as a failure (kind 'redemption'). One
 * transaction, READ COMMITTED after locking the store's row (PostgreSQL; SQLite: BEGIN IMMEDIATE), as checkAtTill: the
 * count, the attempt and the record of guesses at once of one store run one after another. The refusal is thrown after
 * the commit, so the failure stays recorded.
 */
async function atTill<T>(db: Q, staff: Staff, attempt: (db: Q) => Promise<{ value: T; failed: boolean }>): Promise<T> {
  const outcome = await db.transaction('read committed', async (db): Promise<{ value: T } | { minutes: number }> => {
    await lockRow(db, 'shops', staff.shopId)
    const now = nowMs()
    const minutes = await redemptionWaitMinutes(db, staff, now)
    if (minutes !== null) return { minutes }
    const tried = await attempt(db)
    if (tried.failed) await checks.insertCheck(db, { staff_user_id: staff.userId, shop_id: staff.shopId, card_id: null, result: 'invalid', at: now, kind: 'redemption' })
    return { value: tried.value }
  })
  if ('minutes' in outcome) throw refuse('verify_too_many', { minutes: outcome.minutes })
  return outcome.value
}

/** verifyPreview at the till: the code's order and whether it can be redeemed; an unknown code counts as a failure. */
export const previewAtTill = (db: Q, staff: Staff, code: string, lang: ApiLang, hours: number): Promise<VerifyPreviewAnswer> =>
  atTill(db, staff, async (db) => {
    const answer = await previewCode(db, staff, code, lang, hours)
    return { value: answer, failed: answer.refusal === 'unknown' }
  })

/** verify at the till: the code redeemed, or refused by its reason; an unknown code counts as a failure. */
export async function redeemAtTill(db: Q, staff: Staff, code: string): Promise<OrderRow> {
  const row = await atTill(db, staff, async (db) => {
    const redeemed = await verifyCode(db, staff, code)
    return { value: redeemed, failed: redeemed === 'unknown' }
  })
  if (row === 'unknown') throw refuse('verify_code_invalid')
  return row
}

/**
 * The sweep (server/http/app.ts housekeeping): the till's record older than TILL_CHECKS_KEEP_DAYS goes — longer than
 * every limit's window (a card's 24 hours is the longest), so no limit loses a row it still counts.
 */
export const pruneTillChecks = (db: Q, now = nowMs()): Promise<number> => checks.deleteChecksBefore(db, now - TILL_CHECKS_KEEP_DAYS * 86_400_000)

export const storeCheckOf = (r: checks.StoreCheckRow): StoreTillCheck => ({ id: r.id, at: fmt(r.at), card_id: r.card_id, result: r.result, staff_phone: maskPhone(r.phone) })

export const ownerCheckOf = (lang: ApiLang, r: checks.OwnerCheckRow): MyTillCheck => ({
  id: r.id,
  at: fmt(r.at),
  card_id: r.card_id,
  shop_id: r.shop_id,
  shop_name: named(lang, r.shop_name),
  result: r.result,
})
