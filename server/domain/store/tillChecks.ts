import { lockRow, type Q } from '../../storage/query'
import type { ApiLang } from '../../../src/contract/common'
import type { CardCheckAnswer } from '../../../src/contract/store'
import { TILL_LIMITS, type MyTillCheck, type StoreTillCheck } from '../../../src/contract/tillChecks'
import { parseTillCode } from '../../../src/contract/tillCode'
import { refuse } from '../refusal'
import { named } from '../names'
import * as checks from '../../storage/repo/tillChecks'
import { checkCardCode, maskPhone, type Staff } from './store'
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
    await checks.insertCheck(db, { staff_user_id: staff.userId, shop_id: staff.shopId, card_id: cardId, result: answer ? answer.result : 'refused', at: now })
    return answer ? { answer } : { minutes: minutes ?? 1 }
  })
  if ('minutes' in outcome) throw refuse('till_check_too_many', { minutes: outcome.minutes })
  return outcome.answer
}

export const storeCheckOf = (r: checks.StoreCheckRow): StoreTillCheck => ({ id: r.id, at: fmt(r.at), card_id: r.card_id, result: r.result, staff_phone: maskPhone(r.phone) })

export const ownerCheckOf = (lang: ApiLang, r: checks.OwnerCheckRow): MyTillCheck => ({
  id: r.id,
  at: fmt(r.at),
  card_id: r.card_id,
  shop_id: r.shop_id,
  shop_name: named(lang, r.shop_name),
  result: r.result,
})
