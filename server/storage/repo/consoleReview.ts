import type { Q } from '../query'
import type { NameReviewRow } from './shopProfile'

/**
 * What the console's reviews read (issue 45, d45-decide; server/domain/console/review.ts): the shop names waiting, paged
 * with who asked; shops without a live owner; a shop's owner now; reporters' phones. The decisions themselves are the
 * merchant domain's own writes (server/domain/store/profile.ts, server/domain/jobs.ts, server/domain/store/staff.ts).
 */

export interface NameReviewLine extends NameReviewRow {
  current_name: string
  city: string
  nickname: string
  phone: string
}

/** Waiting first (oldest first), then decided and withdrawn ones (newest first). */
export async function nameReviewPage(db: Q, limit: number, offset: number): Promise<{ rows: NameReviewLine[]; total: number; waiting: number }> {
  const rows = (await db.all(
    `SELECT r.*, s.name AS current_name, c.name AS city, u.nickname, u.phone
     FROM shop_name_reviews r JOIN shops s ON s.id = r.shop_id JOIN cities c ON c.id = s.city_id JOIN users u ON u.id = r.requested_by
     ORDER BY CASE r.status WHEN 'pending' THEN 0 ELSE 1 END, CASE r.status WHEN 'pending' THEN r.id ELSE -r.id END LIMIT ? OFFSET ?`,
    limit,
    offset,
  )) as NameReviewLine[]
  const counts = (await db.get("SELECT COUNT(*) AS total, COALESCE(SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END), 0) AS waiting FROM shop_name_reviews")) as { total: number; waiting: number }
  return { rows, total: Number(counts.total), waiting: Number(counts.waiting) }
}

/** One request with its shop and asker (after a decision). */
export const nameReviewLine = async (db: Q, id: number) =>
  (await db.get(
    `SELECT r.*, s.name AS current_name, c.name AS city, u.nickname, u.phone
     FROM shop_name_reviews r JOIN shops s ON s.id = r.shop_id JOIN cities c ON c.id = s.city_id JOIN users u ON u.id = r.requested_by WHERE r.id = ?`,
    id,
  )) as NameReviewLine | undefined

const LIVE_OWNER = "SELECT 1 FROM store_staff o JOIN users ou ON ou.id = o.user_id WHERE o.shop_id = s.id AND o.role = 'owner' AND ou.deleted_at IS NULL"

/** Shops with no live owner, by number. */
export async function ownerlessShops(db: Q, limit: number, offset: number): Promise<{ rows: Array<{ id: number; name: string; city: string; staff: number }>; total: number }> {
  const rows = (await db.all(
    `SELECT s.id, s.name, c.name AS city, (SELECT COUNT(*) FROM store_staff st WHERE st.shop_id = s.id) AS staff
     FROM shops s JOIN cities c ON c.id = s.city_id WHERE NOT EXISTS (${LIVE_OWNER}) ORDER BY s.id LIMIT ? OFFSET ?`,
    limit,
    offset,
  )) as Array<{ id: number; name: string; city: string; staff: number }>
  const total = await db.value<number>(`SELECT COUNT(*) FROM shops s WHERE NOT EXISTS (${LIVE_OWNER})`)
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id), staff: Number(r.staff) })), total: Number(total ?? 0) }
}

/** A shop with its city and how many people work for it. */
export const shopWithStaff = async (db: Q, shopId: number) =>
  (await db.get(
    'SELECT s.id, s.name, c.name AS city, (SELECT COUNT(*) FROM store_staff st WHERE st.shop_id = s.id) AS staff FROM shops s JOIN cities c ON c.id = s.city_id WHERE s.id = ?',
    shopId,
  )) as { id: number; name: string; city: string; staff: number } | undefined

/** The shop's live owners (one, in practice). */
export const liveOwnersOf = async (db: Q, shopId: number) =>
  (await db.all(
    "SELECT u.id AS user_id, u.nickname, u.phone FROM store_staff o JOIN users u ON u.id = o.user_id WHERE o.shop_id = ? AND o.role = 'owner' AND u.deleted_at IS NULL ORDER BY u.id",
    shopId,
  )) as Array<{ user_id: number; nickname: string; phone: string }>

/** Phones of accounts by id (reporters: shown masked). */
export async function phonesOf(db: Q, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map()
  const rows = (await db.all(`SELECT id, phone FROM users WHERE id IN (${userIds.map(() => '?').join(', ')})`, ...userIds)) as Array<{ id: number; phone: string }>
  return new Map(rows.map((r) => [Number(r.id), r.phone]))
}
