import type { Q } from '../query'
import type { TillCheckResult } from '../../../src/contract/tillChecks'

/**
 * Member till-code checks (issue 23; server/domain/store/tillChecks.ts): the record, the failure counts, the two readers' pages;
 * and redemption codes that failed at the till (issue 43: kind 'redemption', counted, never listed).
 */

/** A row of the till's record: a member code checked (kind 'card') or a redemption code that failed (kind 'redemption', issue 43). */
export const insertCheck = (db: Q, c: { staff_user_id: number; shop_id: number; card_id: number | null; result: TillCheckResult; at: number; kind: 'card' | 'redemption' }) =>
  db.run('INSERT INTO till_checks (staff_user_id, shop_id, card_id, result, at, kind) VALUES (?, ?, ?, ?, ?, ?)', c.staff_user_id, c.shop_id, c.card_id, c.result, c.at, c.kind)

/** The sweep: rows before `before` (ms) go (index till_checks_at). */
export const deleteChecksBefore = async (db: Q, before: number): Promise<number> => (await db.run('DELETE FROM till_checks WHERE at < ?', before)).changes

// Failure counts. Each answers the time (ms) of the n-th newest failed check after `since`, or undefined when there
// are fewer than n: the count is at its limit until that check leaves the window. (`result = 'invalid'` literally,
// so SQLite reads the partial indexes of migration 'till_checks'.)

export const nthFailureOfStaff = async (db: Q, staffUserId: number, since: number, n: number) =>
  ((await db.get("SELECT at FROM till_checks WHERE staff_user_id = ? AND result = 'invalid' AND kind = 'card' AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?", staffUserId, since, n - 1)) as { at: number } | undefined)?.at

// Redemption codes (issue 43): the same counts over the rows of kind 'redemption', per staff account and per store.

export const nthRedemptionFailureOfStaff = async (db: Q, staffUserId: number, since: number, n: number) =>
  ((await db.get("SELECT at FROM till_checks WHERE staff_user_id = ? AND result = 'invalid' AND kind = 'redemption' AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?", staffUserId, since, n - 1)) as { at: number } | undefined)?.at

export const nthRedemptionFailureOfStore = async (db: Q, shopId: number, since: number, n: number) =>
  ((await db.get("SELECT at FROM till_checks WHERE shop_id = ? AND kind = 'redemption' AND result = 'invalid' AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?", shopId, since, n - 1)) as { at: number } | undefined)?.at

export const nthFailureOfCard = async (db: Q, cardId: number, since: number, n: number) =>
  ((await db.get("SELECT at FROM till_checks WHERE card_id = ? AND result = 'invalid' AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?", cardId, since, n - 1)) as { at: number } | undefined)?.at

export const nthFailureOfStoreOnCard = async (db: Q, cardId: number, shopId: number, since: number, n: number) =>
  ((await db.get("SELECT at FROM till_checks WHERE card_id = ? AND shop_id = ? AND result = 'invalid' AND at > ? ORDER BY at DESC LIMIT 1 OFFSET ?", cardId, shopId, since, n - 1)) as { at: number } | undefined)
    ?.at

export const cardExists = async (db: Q, cardId: number) => (await db.get('SELECT 1 AS one FROM user_cards WHERE id = ?', cardId)) !== undefined

export const ownsCard = async (db: Q, userId: number, cardId: number) => (await db.get('SELECT 1 AS one FROM user_cards WHERE id = ? AND user_id = ?', cardId, userId)) !== undefined

// The readers, newest first ------------------------------------------------------------------------------------

export interface StoreCheckRow {
  id: number
  at: number
  card_id: number | null
  result: TillCheckResult
  phone: string
}

export async function storeChecks(db: Q, shopId: number, limit: number, offset: number): Promise<{ rows: StoreCheckRow[]; total: number }> {
  const rows = (await db.all("SELECT t.id, t.at, t.card_id, t.result, u.phone FROM till_checks t JOIN users u ON u.id = t.staff_user_id WHERE t.shop_id = ? AND t.kind = 'card' ORDER BY t.id DESC LIMIT ? OFFSET ?", shopId, limit, offset)) as StoreCheckRow[]
  const total = ((await db.get("SELECT COUNT(*) AS n FROM till_checks WHERE shop_id = ? AND kind = 'card'", shopId)) as { n: number }).n
  return { rows, total }
}

export interface OwnerCheckRow {
  id: number
  at: number
  card_id: number
  shop_id: number
  shop_name: string
  result: TillCheckResult
}

/** The checks of the user's cards (one card when `cardId` is given; the caller has checked it is theirs). */
export async function ownerChecks(db: Q, userId: number, cardId: number | undefined, limit: number, offset: number): Promise<{ rows: OwnerCheckRow[]; total: number }> {
  const where = cardId === undefined ? 'c.user_id = ?' : 'c.user_id = ? AND c.id = ?'
  const args = cardId === undefined ? [userId] : [userId, cardId]
  const rows = (await db.all(`SELECT t.id, t.at, t.card_id, t.shop_id, s.name AS shop_name, t.result FROM till_checks t
     JOIN user_cards c ON c.id = t.card_id JOIN shops s ON s.id = t.shop_id
     WHERE ${where} ORDER BY t.id DESC LIMIT ? OFFSET ?`, ...args, limit, offset)) as OwnerCheckRow[]
  const total = ((await db.get(`SELECT COUNT(*) AS n FROM till_checks t JOIN user_cards c ON c.id = t.card_id WHERE ${where}`, ...args)) as { n: number }).n
  return { rows, total }
}
