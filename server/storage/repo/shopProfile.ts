import type { Q } from '../query'
import type { NameReviewStatus } from '../../../src/contract/shopProfileEndpoints'

/** The shop's profile (issue 44, server/domain/store/profile.ts): its row as the profile reads it, and the names waiting for review. */
export interface ProfileRow {
  id: number
  name: string
  city_id: number
  city: string
  phone: string
  district: string
  address: string
  lat: number
  lng: number
  hours: string
  week_hours: string | null
  closed_dates: string
  photos: string
  image: string
  intro: string
  intro_html: string | null
}

export const profileRow = async (db: Q, shopId: number) =>
  (await db.get(
    `SELECT s.id, s.name, s.city_id, c.name AS city, s.phone, s.district, s.address, s.lat, s.lng, s.hours, s.week_hours, s.closed_dates, s.photos, s.image, s.intro, s.intro_html
     FROM shops s JOIN cities c ON c.id = s.city_id WHERE s.id = ?`,
    shopId,
  )) as ProfileRow | undefined

/** What the shop's page reads besides the shop itself. */
export const shopperProfileRow = async (db: Q, shopId: number) =>
  (await db.get('SELECT hours, week_hours, closed_dates, photos, image, intro, intro_html FROM shops WHERE id = ?', shopId)) as
    | Pick<ProfileRow, 'hours' | 'week_hours' | 'closed_dates' | 'photos' | 'image' | 'intro' | 'intro_html'>
    | undefined

export const setContact = (db: Q, shopId: number, v: { phone: string; district: string; address: string; lat: number; lng: number }) =>
  db.run('UPDATE shops SET phone = ?, district = ?, address = ?, lat = ?, lng = ? WHERE id = ?', v.phone, v.district, v.address, v.lat, v.lng, shopId)

export const setHours = (db: Q, shopId: number, v: { hours: string; week_hours: string; closed_dates: string }) =>
  db.run('UPDATE shops SET hours = ?, week_hours = ?, closed_dates = ? WHERE id = ?', v.hours, v.week_hours, v.closed_dates, shopId)

export const setPhotos = (db: Q, shopId: number, photos: string[], cover: string) => db.run('UPDATE shops SET photos = ?, image = ? WHERE id = ?', JSON.stringify(photos), cover, shopId)

export const setIntro = (db: Q, shopId: number, html: string, text: string) => db.run('UPDATE shops SET intro_html = ?, intro = ? WHERE id = ?', html, text, shopId)

export interface NameReviewRow {
  id: number
  shop_id: number
  name: string
  status: NameReviewStatus
  requested_by: number
  requested_at: number
  decided_at: number | null
  reason: string | null
}

/** The shop's latest name request (pending or decided), or undefined. */
export const latestNameReview = async (db: Q, shopId: number) => (await db.get('SELECT * FROM shop_name_reviews WHERE shop_id = ? ORDER BY id DESC LIMIT 1', shopId)) as NameReviewRow | undefined

export const nameReviewById = async (db: Q, id: number) => (await db.get('SELECT * FROM shop_name_reviews WHERE id = ?', id)) as NameReviewRow | undefined

/** Another shop's pending request for this name in the city (any case, spaces trimmed). */
export const namePendingElsewhere = async (db: Q, name: string, cityId: number, shopId: number) =>
  !!(await db.get(
    "SELECT 1 AS one FROM shop_name_reviews r JOIN shops s ON s.id = r.shop_id WHERE r.status = 'pending' AND s.city_id = ? AND r.shop_id <> ? AND lower(trim(r.name)) = lower(?)",
    cityId,
    shopId,
    name,
  ))

/** A new request: the shop's pending one (if any) is withdrawn first (one pending a shop). */
export async function requestName(db: Q, shopId: number, name: string, userId: number, now: number): Promise<number> {
  await db.run("UPDATE shop_name_reviews SET status = 'withdrawn', decided_at = ? WHERE shop_id = ? AND status = 'pending'", now, shopId)
  return Number(await db.insert("INSERT INTO shop_name_reviews (shop_id, name, status, requested_by, requested_at) VALUES (?, ?, 'pending', ?, ?)", shopId, name, userId, now))
}

/** Decides a pending request; false when it was not pending (decided by someone else first). */
export const decideName = async (db: Q, id: number, status: 'approved' | 'rejected', reason: string | null, now: number) =>
  (await db.run("UPDATE shop_name_reviews SET status = ?, reason = ?, decided_at = ? WHERE id = ? AND status = 'pending'", status, reason, now, id)).changes === 1

export const renameShop = (db: Q, shopId: number, name: string) => db.run('UPDATE shops SET name = ? WHERE id = ?', name, shopId)

/** The queue for the operator (npm run admin -- names; later the operator's console): pending first, oldest first; then the latest decided. */
export const nameReviews = async (db: Q, all: boolean) =>
  (await db.all(
    `SELECT r.*, s.name AS current_name, c.name AS city FROM shop_name_reviews r JOIN shops s ON s.id = r.shop_id JOIN cities c ON c.id = s.city_id
     ${all ? '' : "WHERE r.status = 'pending'"} ORDER BY CASE r.status WHEN 'pending' THEN 0 ELSE 1 END, CASE r.status WHEN 'pending' THEN r.id ELSE -r.id END LIMIT 200`,
  )) as Array<NameReviewRow & { current_name: string; city: string }>
