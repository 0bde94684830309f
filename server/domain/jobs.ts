import type { Job, JobContactAnswer, JobDetail, StoreJob } from '../../src/contract/jobs'
import { JOB_CONTACTS_NEW_ACCOUNT, JOB_CONTACTS_PER_ADDRESS, JOB_CONTACTS_PER_DAY, JOB_LIFETIME_DAYS, JOB_NEW_ACCOUNT_HOURS, JOB_REPORT_BAR, type JobCategory, type JobReportReason } from '../../src/contract/jobEndpoints'
import { distanceMeters, type GeoPoint } from '../../src/contract/geo'
import * as jobs from '../storage/repo/jobs'
import type { JobFields, JobRow } from '../storage/repo/jobs'
import type { Q } from '../storage/query'
import { refuse } from './refusal'
import { inBusinessZone, nowMs, parseText } from '../time'

/**
 * Jobs (issue 26; docs/api.md "Jobs"). A posting is listed while it is not closed, was posted, edited or confirmed
 * "still hiring" less than 30 days ago (on the server's clock), and the operator has not hidden it.
 *
 * Reports (issue 43): three throwaway accounts could hide a competitor's posting by count, again right after the shop
 * answered. A report now puts the posting in the operator's review queue (reviewQueue; `npm run admin -- jobs`), where it
 * waits — listed all along — until the operator keeps it (keepJob: its reports decided `kept`) or hides it (hideJob: not
 * listed; its reports `hidden`). The shop still answers its reports; the answer goes to the operator with them. One
 * undecided report per shopper and posting; a shopper whose earlier report of the posting was kept does not queue it again
 * (`job_report_reviewed`), and one with JOB_REPORT_BAR.kept reports kept in the last JOB_REPORT_BAR.days days may not
 * report at all (`job_report_barred`) until fewer are.
 *
 * The rules here, the queries in server/storage/repo/jobs.ts, the routes only hand the
 * request over. Isolation (PostgreSQL) — every transaction is READ COMMITTED after a row lock, named beside it:
 * - a shopper's contact (at most JOB_CONTACTS_PER_DAY postings a day: a count, then an insert) locks the shopper's
 *   users row, so one shopper's contacts are counted one after another (the address book's choice: a hot set of one
 *   person's rows, where SERIALIZABLE would keep failing and retrying), and then its client address (an advisory lock:
 *   the postings revealed per address, issue 43);
 * - a report, the shop's answer, an edit, a close, a "still hiring" lock the posting's row: "one open report per
 *   shopper", "the third hides it" and "a closed posting is not edited" each check then write on that one posting.
 * On SQLite each is BEGIN IMMEDIATE. The transaction functions only touch the database (they may run again).
 */
export const LIFETIME_MS = JOB_LIFETIME_DAYS * 86_400_000

export type { JobFields }

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

/** Refreshed after this: within its 30 days. */
const listedSince = () => nowMs() - LIFETIME_MS

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
export async function jobPage(db: Q, q: JobQuery) {
  const rows = await jobs.listedJobs(db, { since: listedSince(), cityId: q.cityId, category: q.category, salaryMin: q.salaryMin, keyword: q.keyword })
  const all = rows.map((r) => toJob(r, q.at))
  if (q.at) all.sort((a, b) => (a.shop.distance ?? 0) - (b.shop.distance ?? 0) || b.refreshed_at - a.refreshed_at || b.id - a.id)
  const start = (q.page - 1) * q.pageSize
  return { list: all.slice(start, start + q.pageSize), total: all.length, page: q.page, page_size: q.pageSize }
}

async function listed(s: Q, id: number): Promise<JobRow> {
  const row = await jobs.listedJob(s, id, listedSince())
  if (!row) throw refuse('job_not_found')
  return row
}

export async function jobDetail(db: Q, id: number, at: GeoPoint | null): Promise<JobDetail> {
  return toDetail(await listed(db, id), at)
}

/**
 * A listed posting's contact for a shopper, asked from `client` (the request's address: Fastify's `req.ip`, which
 * follows TRUST_PROXY — never a header or id the client could make up). Per business day: at most
 * JOB_CONTACTS_PER_DAY different postings per account, JOB_CONTACTS_NEW_ACCOUNT while the account is in its first
 * JOB_NEW_ACCOUNT_HOURS, and JOB_CONTACTS_PER_ADDRESS different postings revealed from one address over all accounts
 * behind it (issue 43: a second account doubled the first's). The same posting again is free — for the account, and
 * for the address.
 */
export async function jobContact(db: Q, userId: number, id: number, client: string): Promise<JobContactAnswer> {
  const now = nowMs()
  const day = inBusinessZone(now).format('YYYY-MM-DD')
  // READ COMMITTED after the shopper's row lock and the address's (above): the counts and the insert of one shopper,
  // and of one address, do not interleave.
  return db.transaction('read committed', async (trx) => {
    await jobs.lockShopper(trx, userId)
    await jobs.lockClient(trx, client)
    const row = await listed(trx, id)
    const created = await jobs.accountCreatedAt(trx, userId)
    const isNew = created !== undefined && now - parseText(created).valueOf() < JOB_NEW_ACCOUNT_HOURS * 3_600_000
    const limit = isNew ? JOB_CONTACTS_NEW_ACCOUNT : JOB_CONTACTS_PER_DAY
    if (!(await jobs.hasContact(trx, userId, day, id))) {
      if ((await jobs.contactsOfDay(trx, userId, day)) >= limit) throw refuse(isNew ? 'job_contact_limit_new' : 'job_contact_limit', { max: limit })
      if (!(await jobs.clientSawJob(trx, client, day, id)) && (await jobs.jobsSeenFromClient(trx, client, day)) >= JOB_CONTACTS_PER_ADDRESS) {
        throw refuse('job_contact_limit_address', { max: JOB_CONTACTS_PER_ADDRESS })
      }
      await jobs.insertContact(trx, userId, day, id, now, client)
    }
    return { name: row.contact_name, phone: row.contact_phone, used_today: await jobs.contactsOfDay(trx, userId, day), limit }
  })
}

/**
 * The sweep (server/http/app.ts housekeeping): contacts of days before yesterday go — a limit reads only its own day's,
 * and a contact names who looked at which posting from which address; yesterday's stays for a clock moved back.
 */
export const pruneJobContacts = (db: Q, now = nowMs()): Promise<number> =>
  jobs.pruneContactsBefore(db, inBusinessZone(now - 86_400_000).format('YYYY-MM-DD'))

/**
 * A shopper reports a listed posting: it goes to the operator's review queue (it stays listed). Once until the operator
 * decides; never again by a shopper whose report of it the operator kept; not by a shopper barred for reports kept.
 */
export async function reportJob(db: Q, userId: number, id: number, reason: JobReportReason, note: string): Promise<void> {
  const now = nowMs()
  // READ COMMITTED after the posting's row lock: reports of one posting one after another, so a shopper's second
  // report at the same moment sees the first (the operator's decisions take the same lock).
  await db.transaction('read committed', async (trx) => {
    if (!(await jobs.lockJob(trx, id))) throw refuse('job_not_found')
    await listed(trx, id)
    if ((await jobs.keptReportsSince(trx, userId, now - JOB_REPORT_BAR.days * 86_400_000)) >= JOB_REPORT_BAR.kept) throw refuse('job_report_barred', { days: JOB_REPORT_BAR.days })
    if (await jobs.hasOpenReport(trx, id, userId)) throw refuse('job_already_reported')
    if (await jobs.hadKeptReport(trx, id, userId)) throw refuse('job_report_reviewed')
    await jobs.insertReport(trx, { job_id: id, user_id: userId, reason, note, created_at: now })
  })
}

// The operator's review (scripts/adminReview.ts: `npm run admin -- jobs | job N | job-keep N | job-hide N`).

export interface QueuedJob {
  job_id: number
  shop_id: number
  shop_name: string
  title: string
  closed: boolean
  /** Undecided reports, of them answered by the shop, and by reason. */
  reports: number
  answered: number
  reasons: Partial<Record<JobReportReason, number>>
  first_at: number
}

/** Postings with undecided reports, not hidden: most reports first, then the longest waiting. */
export async function reviewQueue(db: Q): Promise<QueuedJob[]> {
  return queuedJobs(db)
}

/** reviewQueue inside the caller's transaction or on the database (the operator's console: server/domain/console/review.ts). */
export async function queuedJobs(s: Q): Promise<QueuedJob[]> {
  const byJob = new Map<number, QueuedJob>()
  for (const r of await jobs.undecidedReports(s)) {
    const q = byJob.get(r.job_id) ?? { job_id: r.job_id, shop_id: r.shop_id, shop_name: r.shop_name, title: r.title, closed: r.closed_at !== null, reports: 0, answered: 0, reasons: {}, first_at: r.created_at }
    q.reports++
    if (r.answered_at !== null) q.answered++
    q.reasons[r.reason] = (q.reasons[r.reason] ?? 0) + 1
    q.first_at = Math.min(q.first_at, r.created_at)
    byJob.set(r.job_id, q)
  }
  return [...byJob.values()].sort((a, b) => b.reports - a.reports || a.first_at - b.first_at || a.job_id - b.job_id)
}

/** One posting as the operator reviews it: its fields, its shop, its state, its undecided reports with the shop's answers. */
export async function reviewJob(db: Q, id: number) {
  return reviewJobIn(db, id)
}

export async function reviewJobIn(s: Q, id: number) {
  const row = await jobs.jobById(s, id)
  if (!row) throw refuse('job_not_found')
  return { ...toDetail(row, null), contact_name: row.contact_name, contact_phone: row.contact_phone, state: stateOf(row, nowMs()), hidden_at: row.hidden_at, reports: await jobs.undecidedReportsOf(s, id) }
}

/**
 * How a decision is taken: `queuedOnly` (the console, where a reviewer decides what the queue showed them) refuses
 * `job_not_queued` when the posting has no undecided report left — another reviewer decided it first — so a posting is
 * never decided twice; the command line may also hide a posting nobody reported, or list a hidden one again.
 */
export interface JobDecision {
  queuedOnly: boolean
}

/**
 * The operator keeps a posting: its undecided reports are decided `kept` (they count against their reporters, and those
 * reporters do not queue it again); a posting the operator had hidden is listed again. Refused `job_not_queued` when
 * there is nothing to decide (no undecided report and not hidden).
 */
export async function keepJob(db: Q, id: number): Promise<{ decided: number; shown: boolean }> {
  return db.transaction('read committed', (trx) => keepJobIn(trx, id, { queuedOnly: false }))
}

/** keepJob inside the caller's transaction (READ COMMITTED after the posting's row lock, taken here). */
export async function keepJobIn(trx: Q, id: number, how: JobDecision): Promise<{ decided: number; shown: boolean }> {
  const now = nowMs()
  if (!(await jobs.lockJob(trx, id))) throw refuse('job_not_found')
  const row = (await jobs.jobById(trx, id)) as JobRow
  const decided = await jobs.decideReports(trx, id, 'kept', now)
  if (decided === 0 && (how.queuedOnly || row.hidden_at === null)) throw refuse('job_not_queued')
  if (row.hidden_at !== null) await jobs.setHidden(trx, id, null)
  return { decided, shown: row.hidden_at !== null }
}

/** The operator hides a posting (queued or not): not listed from now on, whatever the shop does; its reports decided `hidden`. */
export async function hideJob(db: Q, id: number): Promise<{ decided: number }> {
  return db.transaction('read committed', (trx) => hideJobIn(trx, id, { queuedOnly: false }))
}

/** hideJob inside the caller's transaction (READ COMMITTED after the posting's row lock, taken here). */
export async function hideJobIn(trx: Q, id: number, how: JobDecision): Promise<{ decided: number }> {
  const now = nowMs()
  if (!(await jobs.lockJob(trx, id))) throw refuse('job_not_found')
  const row = (await jobs.jobById(trx, id)) as JobRow
  if (row.hidden_at !== null) throw refuse('job_already_hidden')
  await jobs.setHidden(trx, id, now)
  const decided = await jobs.decideReports(trx, id, 'hidden', now)
  if (decided === 0 && how.queuedOnly) throw refuse('job_not_queued')
  return { decided }
}

// The store's side: every posting of the staff member's own shop, whatever its state; another shop's is not found.

function stateOf(row: JobRow, now: number): StoreJob['state'] {
  if (row.closed_at !== null) return 'closed'
  if (row.hidden_at !== null) return 'hidden'
  if (row.refreshed_at + LIFETIME_MS <= now) return 'expired'
  return 'open'
}

async function toStoreJob(s: Q, row: JobRow): Promise<StoreJob> {
  const reports = await jobs.openReportsOf(s, row.id)
  return { ...toDetail(row, null), contact_name: row.contact_name, contact_phone: row.contact_phone, state: stateOf(row, nowMs()), open_reports: reports }
}

async function own(s: Q, shopId: number, id: number): Promise<JobRow> {
  const row = await jobs.ownJob(s, shopId, id)
  if (!row) throw refuse('job_not_found')
  return row
}

/** Locks the shop's posting (PostgreSQL, see above) and reads it; another shop's is not found. */
async function lockOwn(trx: Q, shopId: number, id: number): Promise<JobRow> {
  if (!(await jobs.lockJob(trx, id, shopId))) throw refuse('job_not_found')
  return own(trx, shopId, id)
}

export async function storeJobPage(db: Q, shopId: number, page: number, pageSize: number) {
  const total = await jobs.countOfShop(db, shopId)
  const rows = await jobs.pageOfShop(db, shopId, pageSize, (page - 1) * pageSize)
  const list: StoreJob[] = []
  for (const r of rows) list.push(await toStoreJob(db, r))
  return { list, total, page, page_size: pageSize }
}

/**
 * The workbench's Jobs badge: the shop's postings not closed with reports waiting for its answer (`to_answer`), and
 * its postings not closed that the operator hid (`hidden`, issue 43: reports alone hide nothing).
 */
export async function jobsToAnswer(db: Q, shopId: number): Promise<{ to_answer: number; hidden: number }> {
  const counts = await jobs.openReportCounts(db, shopId)
  return { to_answer: counts.length, hidden: await jobs.hiddenCountOf(db, shopId) }
}

/** Create (no id) or edit a posting of the shop; either starts its 30 days again. A closed one is not edited. */
export async function saveJob(db: Q, shopId: number, id: number | undefined, f: JobFields): Promise<StoreJob> {
  const now = nowMs()
  // A new posting: one insert. An edit: READ COMMITTED after the posting's row lock (not edited once closed).
  const jobId = await db.transaction('read committed', async (trx) => {
    if (id === undefined) return jobs.insertJob(trx, shopId, f, now)
    if ((await lockOwn(trx, shopId, id)).closed_at !== null) throw refuse('job_closed')
    await jobs.updateJob(trx, id, f, now)
    return id
  })
  return toStoreJob(db, await own(db, shopId, jobId))
}

export async function closeJob(db: Q, shopId: number, id: number): Promise<StoreJob> {
  // A conditional update (closed_at IS NULL): closing twice keeps the first time. The lock only finds the shop's own.
  await db.transaction('read committed', async (trx) => {
    await lockOwn(trx, shopId, id)
    await jobs.closeJob(trx, id, nowMs())
  })
  return toStoreJob(db, await own(db, shopId, id))
}

/** "Still hiring": the 30 days start again from now (an expired posting is listed again). */
export async function confirmJob(db: Q, shopId: number, id: number): Promise<StoreJob> {
  const now = nowMs()
  // READ COMMITTED after the posting's row lock: a closed posting is not confirmed.
  await db.transaction('read committed', async (trx) => {
    if ((await lockOwn(trx, shopId, id)).closed_at !== null) throw refuse('job_closed')
    await jobs.refreshJob(trx, id, now)
  })
  return toStoreJob(db, await own(db, shopId, id))
}

/** The shop answers a posting's open reports: its answer goes with them to the operator's review (the posting stays as it is). */
export async function answerReports(db: Q, shopId: number, id: number, answer: string): Promise<StoreJob> {
  const now = nowMs()
  // READ COMMITTED after the posting's row lock: no report slips in between (reports take the same lock).
  await db.transaction('read committed', async (trx) => {
    await lockOwn(trx, shopId, id)
    if ((await jobs.answerOpenReports(trx, id, answer, now)) === 0) throw refuse('job_no_open_reports')
  })
  return toStoreJob(db, await own(db, shopId, id))
}
