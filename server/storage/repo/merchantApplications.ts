import { named, type Q } from '../query'
import type { MerchantApplicationStatus } from '../../../src/contract/merchantEndpoints'

/**
 * Account deletion (server/http/routes/account.ts `deleteAccount`) and the deleted person's merchant application (issue 26):
 * an application still open (submitted, in review, rejected) is withdrawn — the row goes, so no operator can approve
 * it for an erased account and its mobile and shop name are free again; an approved one stays as the record of where
 * its shop came from (shop, city, address, times) but loses who applied: the contact's name, mobile and the licence
 * and storefront picture addresses (the uploads themselves go with the person's other uploads).
 */
export async function eraseApplicationOf(db: Q, userId: number): Promise<void> {
  await db.run("DELETE FROM merchant_applications WHERE user_id = ? AND status <> 'approved'", userId)
  await db.run("UPDATE merchant_applications SET contact_name = '', mobile = '', licence_image = '', storefront_image = '', rejections = '{}' WHERE user_id = ? AND status = 'approved'", userId)
}

/** The operator's list (the console, issue 45): waiting ones first (submitted, in review), then rejected, then approved; oldest first within each. */
export async function applicationsPage(db: Q, status: string | undefined, limit: number, offset: number) {
  const cond = status === undefined ? '' : 'WHERE status = ?'
  const params = status === undefined ? [] : [status]
  const total = Number(await db.value(`SELECT COUNT(*) FROM merchant_applications ${cond}`, ...params))
  const rows = (await db.all(
    `SELECT id, status, shop_name, city_id, mobile, updated_at FROM merchant_applications ${cond}
       ORDER BY CASE status WHEN 'submitted' THEN 0 WHEN 'in_review' THEN 1 WHEN 'rejected' THEN 2 ELSE 3 END, updated_at, id LIMIT ? OFFSET ?`,
    ...params,
    limit,
    offset,
  )) as Array<{ id: number; status: string; shop_name: string; city_id: number; mobile: string; updated_at: number }>
  return { total, rows: rows.map((r) => ({ ...r, id: Number(r.id), city_id: Number(r.city_id), updated_at: Number(r.updated_at) })) }
}

/** What a decision changes (the audit trail's before and after): status, the rejections, the shop, when reviewed. */
export async function applicationDecision(db: Q, id: number) {
  const r = (await db.get('SELECT status, rejections, shop_id, reviewed_at FROM merchant_applications WHERE id = ?', id)) as { status: string; rejections: string; shop_id: number | null; reviewed_at: number | null } | undefined
  return r && { status: r.status, rejections: JSON.parse(r.rejections) as Record<string, string>, shop_id: r.shop_id === null ? null : Number(r.shop_id), reviewed_at: r.reviewed_at === null ? null : Number(r.reviewed_at) }
}

// ——— Sign-up and review (server/domain/merchant.ts) ———

/** A merchant application's row (merchant_applications). */
export interface ApplicationRow extends ApplicationFields {
  id: number
  user_id: number
  status: MerchantApplicationStatus
  /** JSON: a reason per field. */
  rejections: string
  shop_id: number | null
  created_at: number
  updated_at: number
  reviewed_at: number | null
}

/** The fields an applicant writes (submit, resubmit). */
export interface ApplicationFields {
  shop_name: string
  class_id: number
  contact_name: string
  mobile: string
  city_id: number
  district: string
  address: string
  lat: number | null
  lng: number | null
  hours: string
  discount_rate: number
  licence_image: string
  storefront_image: string
}

/** Statuses of an application still under way (its mobile is taken). */
const OPEN = "('submitted', 'in_review', 'rejected')"
/** Statuses of an application that holds its shop name (waiting for the operator; server/domain/merchant.ts). */
const HOLDS_NAME = "('submitted', 'in_review')"

export const applicationById = async (db: Q, id: number) => (await db.get('SELECT * FROM merchant_applications WHERE id = ?', id)) as ApplicationRow | undefined

export const applicationOfUser = async (db: Q, userId: number) => (await db.get('SELECT * FROM merchant_applications WHERE user_id = ?', userId)) as ApplicationRow | undefined

/** A shop of that name (any case, spaces trimmed) in the city. */
export const shopNamedIn = async (db: Q, cityId: number, name: string): Promise<boolean> =>
  !!(await db.get('SELECT 1 AS one FROM shops WHERE city_id = ? AND lower(trim(name)) = lower(?)', cityId, name))

/** Another application (not `exceptId`) that holds that shop name (any case) in the city. */
export const nameHeldByApplication = async (db: Q, cityId: number, name: string, exceptId: number): Promise<boolean> =>
  !!(await db.get(`SELECT 1 AS one FROM merchant_applications WHERE city_id = ? AND lower(shop_name) = lower(?) AND id <> ? AND status IN ${HOLDS_NAME}`, cityId, name, exceptId))

/** Another open application (not `exceptId`) with that mobile. */
export const mobileOnOpenApplication = async (db: Q, mobile: string, exceptId: number): Promise<boolean> =>
  !!(await db.get(`SELECT 1 AS one FROM merchant_applications WHERE mobile = ? AND id <> ? AND status IN ${OPEN}`, mobile, exceptId))

/** A rejected application edited and submitted again (the rejections cleared). */
export const resubmitApplication = (db: Q, id: number, fields: ApplicationFields, now: number) =>
  db.run(
    ...named(
      `UPDATE merchant_applications SET status = 'submitted', shop_name = @shop_name, class_id = @class_id, contact_name = @contact_name, mobile = @mobile,
           city_id = @city_id, district = @district, address = @address, lat = @lat, lng = @lng, hours = @hours, discount_rate = @discount_rate,
           licence_image = @licence_image, storefront_image = @storefront_image, rejections = '{}', updated_at = @now, reviewed_at = NULL
         WHERE id = @id AND status = 'rejected'`,
      { ...fields, now, id },
    ),
  )

export const insertApplication = (db: Q, userId: number, fields: ApplicationFields, now: number) =>
  db.run(
    ...named(
      `INSERT INTO merchant_applications (user_id, status, shop_name, class_id, contact_name, mobile, city_id, district, address, lat, lng, hours, discount_rate, licence_image, storefront_image, created_at, updated_at)
         VALUES (@user_id, 'submitted', @shop_name, @class_id, @contact_name, @mobile, @city_id, @district, @address, @lat, @lng, @hours, @discount_rate, @licence_image, @storefront_image, @now, @now)`,
      { ...fields, now, user_id: userId },
    ),
  )

export interface ApplicationSummaryRow {
  id: number
  status: MerchantApplicationStatus
  shop_name: string
  city_id: number
  mobile: string
  updated_at: number
}

/** Applications, those waiting first (submitted, in review), then the rest; newest last within each. */
export const applicationSummaries = async (db: Q) =>
  (await db.all(`SELECT id, status, shop_name, city_id, mobile, updated_at FROM merchant_applications
     ORDER BY CASE status WHEN 'submitted' THEN 0 WHEN 'in_review' THEN 1 WHEN 'rejected' THEN 2 ELSE 3 END, updated_at, id`)) as ApplicationSummaryRow[]

/** A submitted application opened by the operator: in review. */
export const markInReview = (db: Q, id: number, now: number) => db.run("UPDATE merchant_applications SET status = 'in_review', updated_at = ? WHERE id = ? AND status = 'submitted'", now, id)

/** Rejected with its reasons (JSON), only while undecided; whether it changed. */
export const markRejected = async (db: Q, id: number, rejections: string, now: number): Promise<boolean> =>
  (await db.run("UPDATE merchant_applications SET status = 'rejected', rejections = ?, reviewed_at = ?, updated_at = ? WHERE id = ? AND status IN ('submitted', 'in_review')", rejections, now, now, id)).changes === 1

/** Approved with its new shop, only while undecided; whether it changed. */
export const markApproved = async (db: Q, id: number, shopId: number, now: number): Promise<boolean> =>
  (await db.run("UPDATE merchant_applications SET status = 'approved', shop_id = ?, reviewed_at = ?, updated_at = ? WHERE id = ? AND status IN ('submitted', 'in_review')", shopId, now, now, id)).changes === 1
