import type { Job, JobContactAnswer, JobDetail, StoreJob } from '../../src/contract/jobs'
import { JOB_CONTACTS_PER_DAY, JOB_LIFETIME_DAYS, JOB_REPORTS_TO_HIDE, type JobCategory, type JobReportReason } from '../../src/contract/jobEndpoints'
import { distanceMeters, type GeoPoint } from '../../src/contract/geo'
import { sql, tx, type DB } from '../storage/db'
import { refuse } from './refusal'
import { inBusinessZone, nowMs } from '../time'

/**
 * Jobs (issue 26; docs/api.md "Jobs"). A posting is listed while it is not closed, was posted, edited or confirmed
 * "still hiring" less than 30 days ago (on the server's clock), and has fewer than three open reports by different
 * shoppers (an open report: one the shop has not answered).
 */
export const LIFETIME_MS = JOB_LIFETIME_DAYS * 86_400_000

interface JobRow {
  id: number
  shop_id: number
  title: string
  category: JobCategory
  salary_min: number
  salary_max: number
  headcount: number
  hours: string
  requirements: string
  benefits: string
  contact_name: string
  contact_phone: string
  refreshed_at: number
  closed_at: number | null
  shop_name: string
  shop_address: string
  city_id: number
  lat: number
  lng: number
  open_reports: number
}

const SELECT = `SELECT j.*, s.name AS shop_name, s.address AS shop_address, s.city_id, s.lat, s.lng,
  (SELECT COUNT(*) FROM job_reports r WHERE r.job_id = j.id AND r.answered_at IS NULL) AS open_reports
  FROM jobs j JOIN shops s ON s.id = j.shop_id`
/** Listed: not closed, within its 30 days, fewer than three open reports. */
const LISTED = `j.closed_at IS NULL AND j.refreshed_at > ? AND (SELECT COUNT(*) FROM job_reports r WHERE r.job_id = j.id AND r.answered_at IS NULL) < ${JOB_REPORTS_TO_HIDE}`

function toJob(row: JobRow, at: GeoPoint | null): Job {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    salary_min: row.salary_min,
    salary_max: row.salary_max,
    headcount: row.headcount,
    hours: row.hours,
    refreshed_at: row.refreshed_at,
    expires_at: row.refreshed_at + LIFETIME_MS,
    shop: { id: row.shop_id, name: row.shop_name, address: row.shop_address, city_id: row.city_id, lat: row.lat, lng: row.lng, distance: at ? distanceMeters(at, row) : null },
  }
}

const toDetail = (row: JobRow, at: GeoPoint | null): JobDetail => ({ ...toJob(row, at), requirements: row.requirements, benefits: row.benefits })

/** `%`, `_` and `\` in a keyword are matched as themselves. */
const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export interface JobQuery {
  at: GeoPoint | null
  cityId?: number
  category?: JobCategory
  salaryMin?: number
  keyword?: string
  page: number
  pageSize: number
}

/** Listed postings: nearest first with a point (then newest), else newest first; paged. */
export function jobPage(db: DB, q: JobQuery) {
  const where = [LISTED]
  const args: Array<string | number> = [nowMs() - LIFETIME_MS]
  if (q.cityId !== undefined) {
    where.push('s.city_id = ?')
    args.push(q.cityId)
  }
  if (q.category) {
    where.push('j.category = ?')
    args.push(q.category)
  }
  if (q.salaryMin) {
    where.push('j.salary_max >= ?')
    args.push(q.salaryMin)
  }
  if (q.keyword) {
    where.push("(j.title LIKE ? ESCAPE '\\' OR s.name LIKE ? ESCAPE '\\' OR j.requirements LIKE ? ESCAPE '\\' OR j.benefits LIKE ? ESCAPE '\\')")
    const like = likeOf(q.keyword)
    args.push(like, like, like, like)
  }
  const rows = sql(db, `${SELECT} WHERE ${where.join(' AND ')} ORDER BY j.refreshed_at DESC, j.id DESC`).all(...args) as JobRow[]
  const all = rows.map((r) => toJob(r, q.at))
  if (q.at) all.sort((a, b) => (a.shop.distance ?? 0) - (b.shop.distance ?? 0) || b.refreshed_at - a.refreshed_at || b.id - a.id)
  const start = (q.page - 1) * q.pageSize
  return { list: all.slice(start, start + q.pageSize), total: all.length, page: q.page, page_size: q.pageSize }
}

const listedRow = (db: DB, id: number): JobRow | undefined => sql(db, `${SELECT} WHERE j.id = ? AND ${LISTED}`).get(id, nowMs() - LIFETIME_MS) as JobRow | undefined

export function jobDetail(db: DB, id: number, at: GeoPoint | null): JobDetail {
  const row = listedRow(db, id)
  if (!row) throw refuse('job_not_found')
  return toDetail(row, at)
}

/**
 * A listed posting's contact for a shopper: at most JOB_CONTACTS_PER_DAY different postings a business day (the
 * same posting again is free).
 */
export function jobContact(db: DB, userId: number, id: number): JobContactAnswer {
  return tx(db, () => {
    const row = listedRow(db, id)
    if (!row) throw refuse('job_not_found')
    const now = nowMs()
    const day = inBusinessZone(now).format('YYYY-MM-DD')
    const seen = sql(db, 'SELECT 1 FROM job_contacts WHERE user_id = ? AND day = ? AND job_id = ?').get(userId, day, id)
    const count = () => (sql(db, 'SELECT COUNT(*) AS n FROM job_contacts WHERE user_id = ? AND day = ?').get(userId, day) as { n: number }).n
    if (!seen) {
      if (count() >= JOB_CONTACTS_PER_DAY) throw refuse('job_contact_limit', { max: JOB_CONTACTS_PER_DAY })
      sql(db, 'INSERT INTO job_contacts (user_id, day, job_id, seen_at) VALUES (?, ?, ?, ?)').run(userId, day, id, now)
    }
    return { name: row.contact_name, phone: row.contact_phone, used_today: count(), limit: JOB_CONTACTS_PER_DAY }
  })
}

/** A shopper reports a listed posting: once until the shop answers; the third open report hides it. */
export function reportJob(db: DB, userId: number, id: number, reason: JobReportReason, note: string): void {
  tx(db, () => {
    if (!listedRow(db, id)) throw refuse('job_not_found')
    if (sql(db, 'SELECT 1 FROM job_reports WHERE job_id = ? AND user_id = ? AND answered_at IS NULL').get(id, userId)) throw refuse('job_already_reported')
    sql(db, 'INSERT INTO job_reports (job_id, user_id, reason, note, created_at) VALUES (?, ?, ?, ?, ?)').run(id, userId, reason, note, nowMs())
  })
}

// The store's side: every posting of the staff member's own shop, whatever its state; another shop's is not found.

function stateOf(row: JobRow, now: number): StoreJob['state'] {
  if (row.closed_at !== null) return 'closed'
  if (row.open_reports >= JOB_REPORTS_TO_HIDE) return 'hidden'
  if (row.refreshed_at + LIFETIME_MS <= now) return 'expired'
  return 'open'
}

function toStoreJob(db: DB, row: JobRow): StoreJob {
  const reports = sql(db, 'SELECT reason, note, created_at FROM job_reports WHERE job_id = ? AND answered_at IS NULL ORDER BY id').all(row.id) as StoreJob['open_reports']
  return { ...toDetail(row, null), contact_name: row.contact_name, contact_phone: row.contact_phone, state: stateOf(row, nowMs()), open_reports: reports }
}

function ownRow(db: DB, shopId: number, id: number): JobRow {
  const row = sql(db, `${SELECT} WHERE j.id = ? AND j.shop_id = ?`).get(id, shopId) as JobRow | undefined
  if (!row) throw refuse('job_not_found')
  return row
}

export function storeJobPage(db: DB, shopId: number, page: number, pageSize: number) {
  const total = (sql(db, 'SELECT COUNT(*) AS n FROM jobs WHERE shop_id = ?').get(shopId) as { n: number }).n
  const rows = sql(db, `${SELECT} WHERE j.shop_id = ? ORDER BY j.id DESC LIMIT ? OFFSET ?`).all(shopId, pageSize, (page - 1) * pageSize) as JobRow[]
  return { list: rows.map((r) => toStoreJob(db, r)), total, page, page_size: pageSize }
}

/**
 * The workbench's Jobs badge: the shop's postings not closed with reports waiting for its answer (`to_answer`), and of
 * those the ones hidden by them (JOB_REPORTS_TO_HIDE open reports: not listed until the shop answers).
 */
export function jobsToAnswer(db: DB, shopId: number): { to_answer: number; hidden: number } {
  const row = sql(
    db,
    `SELECT COUNT(*) AS to_answer, COALESCE(SUM(n >= ${JOB_REPORTS_TO_HIDE}), 0) AS hidden FROM (
       SELECT (SELECT COUNT(*) FROM job_reports r WHERE r.job_id = j.id AND r.answered_at IS NULL) AS n
       FROM jobs j WHERE j.shop_id = ? AND j.closed_at IS NULL
     ) WHERE n > 0`,
  ).get(shopId) as { to_answer: number; hidden: number }
  return row
}

export interface JobFields {
  title: string
  category: JobCategory
  salary_min: number
  salary_max: number
  headcount: number
  hours: string
  requirements: string
  benefits: string
  contact_name: string
  contact_phone: string
}

/** Create (no id) or edit a posting of the shop; either starts its 30 days again. A closed one is not edited. */
export function saveJob(db: DB, shopId: number, id: number | undefined, f: JobFields): StoreJob {
  return tx(db, () => {
    const now = nowMs()
    let jobId = id
    if (jobId === undefined) {
      jobId = Number(
        sql(
          db,
          `INSERT INTO jobs (shop_id, title, category, salary_min, salary_max, headcount, hours, requirements, benefits, contact_name, contact_phone, created_at, refreshed_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(shopId, f.title, f.category, f.salary_min, f.salary_max, f.headcount, f.hours, f.requirements, f.benefits, f.contact_name, f.contact_phone, now, now).lastInsertRowid,
      )
    } else {
      if (ownRow(db, shopId, jobId).closed_at !== null) throw refuse('job_closed')
      sql(
        db,
        `UPDATE jobs SET title = ?, category = ?, salary_min = ?, salary_max = ?, headcount = ?, hours = ?, requirements = ?, benefits = ?, contact_name = ?, contact_phone = ?, refreshed_at = ? WHERE id = ?`,
      ).run(f.title, f.category, f.salary_min, f.salary_max, f.headcount, f.hours, f.requirements, f.benefits, f.contact_name, f.contact_phone, now, jobId)
    }
    return toStoreJob(db, ownRow(db, shopId, jobId))
  })
}

export function closeJob(db: DB, shopId: number, id: number): StoreJob {
  return tx(db, () => {
    const row = ownRow(db, shopId, id)
    if (row.closed_at === null) sql(db, 'UPDATE jobs SET closed_at = ? WHERE id = ?').run(nowMs(), id)
    return toStoreJob(db, ownRow(db, shopId, id))
  })
}

/** "Still hiring": the 30 days start again from now (an expired posting is listed again). */
export function confirmJob(db: DB, shopId: number, id: number): StoreJob {
  return tx(db, () => {
    if (ownRow(db, shopId, id).closed_at !== null) throw refuse('job_closed')
    sql(db, 'UPDATE jobs SET refreshed_at = ? WHERE id = ?').run(nowMs(), id)
    return toStoreJob(db, ownRow(db, shopId, id))
  })
}

/** The shop answers a posting's open reports: they are closed with its answer, and the posting shows again. */
export function answerReports(db: DB, shopId: number, id: number, answer: string): StoreJob {
  return tx(db, () => {
    ownRow(db, shopId, id)
    const done = sql(db, 'UPDATE job_reports SET answered_at = ?, answer = ? WHERE job_id = ? AND answered_at IS NULL').run(nowMs(), answer, id)
    if (done.changes === 0) throw refuse('job_no_open_reports')
    return toStoreJob(db, ownRow(db, shopId, id))
  })
}
