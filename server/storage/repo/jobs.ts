import type { JobCategory, JobReportReason } from '../../../src/contract/jobEndpoints'
import type { Param, Q } from '../query'

/**
 * Jobs (server/domain/jobs.ts opens the transactions and holds the rules): postings, shoppers' reports, the contacts a
 * shopper saw per business day (schema: server/storage/migrations/0022_jobs.sqlite.sql and later). A posting is read
 * with its shop (the join) and its count of open reports. Times are epoch ms on the server's clock.
 */

/** A posting's own columns (its creation time aside). */
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

/** A posting (its row but the creation time) with its shop and its open reports (those the shop has not answered). */
export type JobRow = JobFields & {
  id: number
  shop_id: number
  /** Posted, edited or confirmed "still hiring": listed for 30 days from it. */
  refreshed_at: number
  closed_at: number | null
  /** Hidden by the operator after review (issue 43): not listed, whatever else. */
  hidden_at: number | null
  shop_name: string
  shop_address: string
  city_id: number
  lat: number
  lng: number
  open_reports: number
}

/** The posting with its shop and its open reports: the shop has not answered them and the operator has not decided them. */
const WITH_SHOP = `SELECT j.id, j.shop_id, j.title, j.category, j.salary_min, j.salary_max, j.headcount, j.hours, j.requirements,
  j.benefits, j.contact_name, j.contact_phone, j.refreshed_at, j.closed_at, j.hidden_at,
  s.name AS shop_name, s.address AS shop_address, s.city_id, s.lat, s.lng,
  (SELECT COUNT(*) FROM job_reports r WHERE r.job_id = j.id AND r.answered_at IS NULL AND r.decided_at IS NULL) AS open_reports
  FROM jobs j JOIN shops s ON s.id = j.shop_id`

/** Listed: not closed, refreshed after `since` (its 30 days not over), not hidden by the operator (reports alone never hide: issue 43). */
const LISTED = 'j.closed_at IS NULL AND j.refreshed_at > ? AND j.hidden_at IS NULL'

/** COUNT is bigint on PostgreSQL (read as a number by the pool); a row as the service reads it. */
const toRow = (r: JobRow): JobRow => ({ ...r, open_reports: Number(r.open_reports ?? 0) })

export interface ListedFilter {
  since: number
  cityId?: number
  category?: JobCategory
  salaryMin?: number
  keyword?: string
}

/** `%`, `_` and `\` in a keyword are matched as themselves (ESCAPE '\': SQLite has no default escape character). */
const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Every listed posting matching the filter, newest first (the service orders by distance and pages). */
export async function listedJobs(db: Q, f: ListedFilter): Promise<JobRow[]> {
  const where = [LISTED]
  const params: Param[] = [f.since]
  const and = (condition: string, value: Param) => {
    where.push(condition)
    params.push(value)
  }
  if (f.cityId !== undefined) and('s.city_id = ?', f.cityId)
  if (f.category) and('j.category = ?', f.category)
  if (f.salaryMin) and('j.salary_max >= ?', f.salaryMin)
  if (f.keyword) {
    // SQLite's LIKE ignores the case of ASCII letters, PostgreSQL's does not: ILIKE there, so a keyword matches alike.
    const op = db.engine === 'postgres' ? 'ILIKE' : 'LIKE'
    where.push(`(${['j.title', 's.name', 'j.requirements', 'j.benefits'].map((c) => `${c} ${op} ? ESCAPE '\\'`).join(' OR ')})`)
    const like = likeOf(f.keyword)
    params.push(like, like, like, like)
  }
  return (await db.all<JobRow>(`${WITH_SHOP} WHERE ${where.join(' AND ')} ORDER BY j.refreshed_at DESC, j.id DESC`, ...params)).map(toRow)
}

export const listedJob = async (db: Q, id: number, since: number): Promise<JobRow | undefined> => {
  const row = await db.get<JobRow>(`${WITH_SHOP} WHERE j.id = ? AND ${LISTED}`, id, since)
  return row && toRow(row)
}

/** A posting of the shop, whatever its state; another shop's is not found. */
export const ownJob = async (db: Q, shopId: number, id: number): Promise<JobRow | undefined> => {
  const row = await db.get<JobRow>(`${WITH_SHOP} WHERE j.id = ? AND j.shop_id = ?`, id, shopId)
  return row && toRow(row)
}

/**
 * Locks a posting's row until the transaction ends (PostgreSQL; FOR NO KEY UPDATE: the reports and contacts that
 * reference it are not held up, but two such locks wait for each other), so the writes to one posting — reports, the
 * shop's answer, edits, close — run one after another. Only the jobs row: a FOR UPDATE over the join would lock the
 * shop's row too. SQLite needs nothing: BEGIN IMMEDIATE already serializes. False: no such posting (of the shop).
 */
export async function lockJob(db: Q, id: number, shopId?: number): Promise<boolean> {
  const lock = db.engine === 'postgres' ? ' FOR NO KEY UPDATE' : ''
  const row = shopId === undefined ? await db.get(`SELECT id FROM jobs WHERE id = ?${lock}`, id) : await db.get(`SELECT id FROM jobs WHERE id = ? AND shop_id = ?${lock}`, id, shopId)
  return row !== undefined
}

/** Locks the shopper's users row (PostgreSQL), so one shopper's contacts of a day are counted one after another. */
export async function lockShopper(db: Q, userId: number): Promise<void> {
  if (db.engine === 'postgres') await db.get('SELECT id FROM users WHERE id = ? FOR NO KEY UPDATE', userId)
}

/** A posting, whatever its state or shop (the operator's review). */
export const jobById = async (db: Q, id: number): Promise<JobRow | undefined> => {
  const row = await db.get<JobRow>(`${WITH_SHOP} WHERE j.id = ?`, id)
  return row && toRow(row)
}

/** The shop's postings not closed that the operator hid. */
export const hiddenCountOf = async (db: Q, shopId: number): Promise<number> =>
  Number(await db.value('SELECT COUNT(*) FROM jobs WHERE shop_id = ? AND closed_at IS NULL AND hidden_at IS NOT NULL', shopId))

export const pageOfShop = async (db: Q, shopId: number, limit: number, offset: number): Promise<JobRow[]> =>
  (await db.all<JobRow>(`${WITH_SHOP} WHERE j.shop_id = ? ORDER BY j.id DESC LIMIT ? OFFSET ?`, shopId, limit, offset)).map(toRow)

export const countOfShop = async (db: Q, shopId: number): Promise<number> => Number(await db.value('SELECT COUNT(*) FROM jobs WHERE shop_id = ?', shopId))

export const openReportsOf = (db: Q, jobId: number) =>
  db.all<{ reason: JobReportReason; note: string; created_at: number }>(
    'SELECT reason, note, created_at FROM job_reports WHERE job_id = ? AND answered_at IS NULL AND decided_at IS NULL ORDER BY id',
    jobId,
  )

/** Of the shop's postings not closed, how many reports wait for its answer, per posting that has any. */
export const openReportCounts = async (db: Q, shopId: number): Promise<number[]> =>
  (
    await db.all<{ n: number }>(
      'SELECT COUNT(*) AS n FROM job_reports r JOIN jobs j ON j.id = r.job_id WHERE j.shop_id = ? AND j.closed_at IS NULL AND r.answered_at IS NULL AND r.decided_at IS NULL GROUP BY r.job_id',
      shopId,
    )
  ).map((r) => Number(r.n))

export const insertJob = (db: Q, shopId: number, f: JobFields, now: number): Promise<number> =>
  db.insert(
    `INSERT INTO jobs (shop_id, title, category, salary_min, salary_max, headcount, hours, requirements, benefits, contact_name, contact_phone, created_at, refreshed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    shopId,
    ...fieldValues(f),
    now,
    now,
  )

const fieldValues = (f: JobFields): Param[] => [f.title, f.category, f.salary_min, f.salary_max, f.headcount, f.hours, f.requirements, f.benefits, f.contact_name, f.contact_phone]

export const updateJob = (db: Q, id: number, f: JobFields, now: number) =>
  db.run(
    `UPDATE jobs SET title = ?, category = ?, salary_min = ?, salary_max = ?, headcount = ?, hours = ?, requirements = ?, benefits = ?,
     contact_name = ?, contact_phone = ?, refreshed_at = ? WHERE id = ?`,
    ...fieldValues(f),
    now,
    id,
  )

export const refreshJob = (db: Q, id: number, now: number) => db.run('UPDATE jobs SET refreshed_at = ? WHERE id = ?', now, id)

export const closeJob = (db: Q, id: number, now: number) => db.run('UPDATE jobs SET closed_at = ? WHERE id = ? AND closed_at IS NULL', now, id)

/** The shopper's report of the posting that waits for the operator (answered by the shop or not): one at a time. */
export const hasOpenReport = async (db: Q, jobId: number, userId: number): Promise<boolean> =>
  (await db.get('SELECT id FROM job_reports WHERE job_id = ? AND user_id = ? AND decided_at IS NULL', jobId, userId)) !== undefined

/** The shopper reported this posting before and the operator kept it: their reports do not queue it again. */
export const hadKeptReport = async (db: Q, jobId: number, userId: number): Promise<boolean> =>
  (await db.get("SELECT id FROM job_reports WHERE job_id = ? AND user_id = ? AND outcome = 'kept'", jobId, userId)) !== undefined

/** The shopper's reports the operator kept the posting of (unfounded), decided after `since`. */
export const keptReportsSince = async (db: Q, userId: number, since: number): Promise<number> =>
  Number(await db.value("SELECT COUNT(*) FROM job_reports WHERE user_id = ? AND outcome = 'kept' AND decided_at > ?", userId, since))

export interface QueueRow {
  job_id: number
  shop_id: number
  shop_name: string
  title: string
  closed_at: number | null
  reason: JobReportReason
  answered_at: number | null
  created_at: number
}

/** Every undecided report of a posting not hidden, with its posting: the operator's queue, grouped by the service. */
export const undecidedReports = (db: Q) =>
  db.all<QueueRow>(
    `SELECT r.job_id, j.shop_id, s.name AS shop_name, j.title, j.closed_at, r.reason, r.answered_at, r.created_at
     FROM job_reports r JOIN jobs j ON j.id = r.job_id JOIN shops s ON s.id = j.shop_id
     WHERE r.decided_at IS NULL AND j.hidden_at IS NULL ORDER BY r.id`,
  )

/** One posting's undecided reports, for the operator: what was said, by the shop too. */
export const undecidedReportsOf = (db: Q, jobId: number) =>
  db.all<{ id: number; user_id: number; reason: JobReportReason; note: string; created_at: number; answer: string | null; answered_at: number | null }>(
    'SELECT id, user_id, reason, note, created_at, answer, answered_at FROM job_reports WHERE job_id = ? AND decided_at IS NULL ORDER BY id',
    jobId,
  )

/** The operator's decision on the posting's undecided reports; how many it decided. */
export const decideReports = async (db: Q, jobId: number, outcome: 'kept' | 'hidden', now: number): Promise<number> =>
  (await db.run('UPDATE job_reports SET decided_at = ?, outcome = ? WHERE job_id = ? AND decided_at IS NULL', now, outcome, jobId)).changes

export const setHidden = (db: Q, jobId: number, at: number | null) => db.run('UPDATE jobs SET hidden_at = ? WHERE id = ?', at, jobId)

export const insertReport = (db: Q, r: { job_id: number; user_id: number; reason: JobReportReason; note: string; created_at: number }) =>
  db.run('INSERT INTO job_reports (job_id, user_id, reason, note, created_at) VALUES (?, ?, ?, ?, ?)', r.job_id, r.user_id, r.reason, r.note, r.created_at)

/** The shop's answer on the posting's open reports (it goes to the operator with them); how many it answered. */
export const answerOpenReports = async (db: Q, jobId: number, answer: string, now: number): Promise<number> =>
  (await db.run('UPDATE job_reports SET answered_at = ?, answer = ? WHERE job_id = ? AND answered_at IS NULL AND decided_at IS NULL', now, answer, jobId)).changes

export const hasContact = async (db: Q, userId: number, day: string, jobId: number): Promise<boolean> =>
  (await db.get('SELECT job_id FROM job_contacts WHERE user_id = ? AND day = ? AND job_id = ?', userId, day, jobId)) !== undefined

export const contactsOfDay = async (db: Q, userId: number, day: string): Promise<number> =>
  Number(await db.value('SELECT COUNT(*) FROM job_contacts WHERE user_id = ? AND day = ?', userId, day))

export const insertContact = (db: Q, userId: number, day: string, jobId: number, now: number, client: string) =>
  db.run('INSERT INTO job_contacts (user_id, day, job_id, seen_at, client) VALUES (?, ?, ?, ?, ?)', userId, day, jobId, now, client)

// One client address's contacts (issue 43) -------------------------------------------------------------------------

/**
 * Serializes the contacts asked from one client address on PostgreSQL (a transaction-scoped advisory lock on the
 * address's hash; accounts behind one address lock different users rows), so "postings revealed there today" is counted
 * one contact after another. SQLite needs nothing: BEGIN IMMEDIATE already serializes.
 */
export async function lockClient(db: Q, client: string): Promise<void> {
  if (db.engine === 'postgres') await db.get('SELECT pg_advisory_xact_lock(43009, hashtext(?))', client)
}

/** The account's creation time ('YYYY-MM-DD HH:mm:ss', business wall time). */
export const accountCreatedAt = (db: Q, userId: number) => db.value<string>('SELECT created_at FROM users WHERE id = ?', userId)

export const clientSawJob = async (db: Q, client: string, day: string, jobId: number): Promise<boolean> =>
  (await db.get('SELECT job_id FROM job_contacts WHERE client = ? AND day = ? AND job_id = ? LIMIT 1', client, day, jobId)) !== undefined

/** Different postings revealed to any account from this address on this day. */
export const jobsSeenFromClient = async (db: Q, client: string, day: string): Promise<number> =>
  Number(await db.value('SELECT COUNT(DISTINCT job_id) FROM job_contacts WHERE client = ? AND day = ?', client, day))

/** The sweep: contacts of days before `day` ('YYYY-MM-DD') go — only a day's own count is ever read; how many went. */
export const pruneContactsBefore = async (db: Q, day: string): Promise<number> => (await db.run('DELETE FROM job_contacts WHERE day < ?', day)).changes
