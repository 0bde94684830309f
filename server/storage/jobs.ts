import type { ExpressionBuilder, Selectable } from 'kysely'
import { sql as kysql } from 'kysely'
import type { JobCategory, JobReportReason } from '../../src/contract/jobEndpoints'
import type { Database, Engine, Store } from './engine'
import type { JobsTable } from './tables/jobs'

/**
 * Jobs' repository on the storage seam (issue 28): async, on either engine, run by server/domain/jobs.ts (which opens
 * the transactions and holds the rules). A posting is read with its shop (the join) and its count of open reports.
 */

/** A posting (its row but the creation time) with its shop and its open reports (those the shop has not answered). */
export type JobRow = Omit<Selectable<JobsTable>, 'created_at'> & {
  shop_name: string
  shop_address: string
  city_id: number
  lat: number
  lng: number
  open_reports: number
}

type Outer = ExpressionBuilder<Database & { j: Database['jobs'] }, 'j'>

/** The posting's open reports: the shop has not answered them and the operator has not decided them (COUNT: bigint on PostgreSQL, read as a number). */
const openReports = (eb: Outer) =>
  eb
    .selectFrom('job_reports as r')
    .select((r) => r.fn.countAll<number>().as('n'))
    .whereRef('r.job_id', '=', 'j.id')
    .where('r.answered_at', 'is', null)
    .where('r.decided_at', 'is', null)

const withShop = (s: Store) =>
  s
    .selectFrom('jobs as j')
    .innerJoin('shops as s', 's.id', 'j.shop_id')
    .select([
      'j.id',
      'j.shop_id',
      'j.title',
      'j.category',
      'j.salary_min',
      'j.salary_max',
      'j.headcount',
      'j.hours',
      'j.requirements',
      'j.benefits',
      'j.contact_name',
      'j.contact_phone',
      'j.refreshed_at',
      'j.closed_at',
      'j.hidden_at',
      's.name as shop_name',
      's.address as shop_address',
      's.city_id',
      's.lat',
      's.lng',
    ])
    .select((eb) => openReports(eb).as('open_reports'))

const toRow = (r: Omit<JobRow, 'open_reports'> & { open_reports: number | string | null }): JobRow => ({ ...r, open_reports: Number(r.open_reports ?? 0) })

/** Listed: not closed, refreshed after `since` (its 30 days not over), not hidden by the operator (reports alone never hide: issue 43). */
const listed = (since: number) => (eb: Outer) => eb.and([eb('j.closed_at', 'is', null), eb('j.refreshed_at', '>', since), eb('j.hidden_at', 'is', null)])

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
export async function listedJobs(s: Store, engine: Engine, f: ListedFilter): Promise<JobRow[]> {
  let q = withShop(s).where(listed(f.since))
  if (f.cityId !== undefined) q = q.where('s.city_id', '=', f.cityId)
  if (f.category) q = q.where('j.category', '=', f.category)
  if (f.salaryMin) q = q.where('j.salary_max', '>=', f.salaryMin)
  if (f.keyword) {
    const like = likeOf(f.keyword)
    // SQLite's LIKE ignores the case of ASCII letters, PostgreSQL's does not: ILIKE there, so a keyword matches alike.
    const op = kysql.raw(engine === 'postgres' ? 'ILIKE' : 'LIKE')
    const match = (column: 'j.title' | 's.name' | 'j.requirements' | 'j.benefits') => kysql<boolean>`${kysql.ref(column)} ${op} ${like} ESCAPE '\\'`
    q = q.where((eb) => eb.or([match('j.title'), match('s.name'), match('j.requirements'), match('j.benefits')]))
  }
  return (await q.orderBy('j.refreshed_at', 'desc').orderBy('j.id', 'desc').execute()).map(toRow)
}

export const listedJob = async (s: Store, id: number, since: number): Promise<JobRow | undefined> => {
  const row = await withShop(s).where('j.id', '=', id).where(listed(since)).executeTakeFirst()
  return row && toRow(row)
}

/** A posting of the shop, whatever its state; another shop's is not found. */
export const ownJob = async (s: Store, shopId: number, id: number): Promise<JobRow | undefined> => {
  const row = await withShop(s).where('j.id', '=', id).where('j.shop_id', '=', shopId).executeTakeFirst()
  return row && toRow(row)
}

/**
 * Locks a posting's row until the transaction ends (PostgreSQL; FOR NO KEY UPDATE: the reports and contacts that
 * reference it are not held up, but two such locks wait for each other), so the writes to one posting — reports, the
 * shop's answer, edits, close — run one after another. Only the jobs row: a FOR UPDATE over the join would lock the
 * shop's row too. SQLite needs nothing: BEGIN IMMEDIATE already serializes. False: no such posting (of the shop).
 */
export async function lockJob(s: Store, engine: Engine, id: number, shopId?: number): Promise<boolean> {
  let q = s.selectFrom('jobs').select('id').where('id', '=', id)
  if (shopId !== undefined) q = q.where('shop_id', '=', shopId)
  return (await (engine === 'postgres' ? q.forNoKeyUpdate() : q).executeTakeFirst()) !== undefined
}

/** Locks the shopper's users row (PostgreSQL), so one shopper's contacts of a day are counted one after another. */
export async function lockShopper(s: Store, engine: Engine, userId: number): Promise<void> {
  if (engine === 'postgres') await s.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute()
}

/** A posting, whatever its state or shop (the operator's review). */
export const jobById = async (s: Store, id: number): Promise<JobRow | undefined> => {
  const row = await withShop(s).where('j.id', '=', id).executeTakeFirst()
  return row && toRow(row)
}

/** The shop's postings not closed that the operator hid. */
export const hiddenCountOf = async (s: Store, shopId: number): Promise<number> =>
  Number((await s.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('shop_id', '=', shopId).where('closed_at', 'is', null).where('hidden_at', 'is not', null).executeTakeFirstOrThrow()).n)

export const pageOfShop = async (s: Store, shopId: number, limit: number, offset: number): Promise<JobRow[]> =>
  (await withShop(s).where('j.shop_id', '=', shopId).orderBy('j.id', 'desc').limit(limit).offset(offset).execute()).map(toRow)

export const countOfShop = async (s: Store, shopId: number): Promise<number> =>
  Number((await s.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('shop_id', '=', shopId).executeTakeFirstOrThrow()).n)

export const openReportsOf = (s: Store, jobId: number) =>
  s.selectFrom('job_reports').select(['reason', 'note', 'created_at']).where('job_id', '=', jobId).where('answered_at', 'is', null).where('decided_at', 'is', null).orderBy('id').execute()

/** Of the shop's postings not closed, how many reports wait for its answer, per posting that has any. */
export const openReportCounts = async (s: Store, shopId: number): Promise<number[]> =>
  (
    await s
      .selectFrom('job_reports as r')
      .innerJoin('jobs as j', 'j.id', 'r.job_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('j.shop_id', '=', shopId)
      .where('j.closed_at', 'is', null)
      .where('r.answered_at', 'is', null)
      .where('r.decided_at', 'is', null)
      .groupBy('r.job_id')
      .execute()
  ).map((r) => Number(r.n))

export type JobFields = Pick<JobsTable, 'title' | 'category' | 'salary_min' | 'salary_max' | 'headcount' | 'hours' | 'requirements' | 'benefits' | 'contact_name' | 'contact_phone'>

const fieldsOf = (f: JobFields): JobFields => ({
  title: f.title,
  category: f.category,
  salary_min: f.salary_min,
  salary_max: f.salary_max,
  headcount: f.headcount,
  hours: f.hours,
  requirements: f.requirements,
  benefits: f.benefits,
  contact_name: f.contact_name,
  contact_phone: f.contact_phone,
})

/** `INSERT … RETURNING id` on both engines (SQLite ≥ 3.35). */
export const insertJob = async (s: Store, shopId: number, f: JobFields, now: number): Promise<number> =>
  (await s.insertInto('jobs').values({ shop_id: shopId, ...fieldsOf(f), created_at: now, refreshed_at: now }).returning('id').executeTakeFirstOrThrow()).id

export const updateJob = (s: Store, id: number, f: JobFields, now: number) => s.updateTable('jobs').set({ ...fieldsOf(f), refreshed_at: now }).where('id', '=', id).execute()

export const refreshJob = (s: Store, id: number, now: number) => s.updateTable('jobs').set({ refreshed_at: now }).where('id', '=', id).execute()

export const closeJob = (s: Store, id: number, now: number) => s.updateTable('jobs').set({ closed_at: now }).where('id', '=', id).where('closed_at', 'is', null).execute()

/** The shopper's report of the posting that waits for the operator (answered by the shop or not): one at a time. */
export const hasOpenReport = async (s: Store, jobId: number, userId: number): Promise<boolean> =>
  (await s.selectFrom('job_reports').select('id').where('job_id', '=', jobId).where('user_id', '=', userId).where('decided_at', 'is', null).executeTakeFirst()) !== undefined

/** The shopper reported this posting before and the operator kept it: their reports do not queue it again. */
export const hadKeptReport = async (s: Store, jobId: number, userId: number): Promise<boolean> =>
  (await s.selectFrom('job_reports').select('id').where('job_id', '=', jobId).where('user_id', '=', userId).where('outcome', '=', 'kept').executeTakeFirst()) !== undefined

/** The shopper's reports the operator kept the posting of (unfounded), decided after `since`. */
export const keptReportsSince = async (s: Store, userId: number, since: number): Promise<number> =>
  Number(
    (await s.selectFrom('job_reports').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('outcome', '=', 'kept').where('decided_at', '>', since).executeTakeFirstOrThrow()).n,
  )

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
export const undecidedReports = async (s: Store): Promise<QueueRow[]> =>
  (
    await s
      .selectFrom('job_reports as r')
      .innerJoin('jobs as j', 'j.id', 'r.job_id')
      .innerJoin('shops as s', 's.id', 'j.shop_id')
      .select(['r.job_id', 'j.shop_id', 's.name as shop_name', 'j.title', 'j.closed_at', 'r.reason', 'r.answered_at', 'r.created_at'])
      .where('r.decided_at', 'is', null)
      .where('j.hidden_at', 'is', null)
      .orderBy('r.id')
      .execute()
  ).map((r) => ({ ...r, job_id: Number(r.job_id), shop_id: Number(r.shop_id) }))

/** One posting's undecided reports, for the operator: what was said, by the shop too. */
export const undecidedReportsOf = (s: Store, jobId: number) =>
  s.selectFrom('job_reports').select(['id', 'user_id', 'reason', 'note', 'created_at', 'answer', 'answered_at']).where('job_id', '=', jobId).where('decided_at', 'is', null).orderBy('id').execute()

/** The operator's decision on the posting's undecided reports; how many it decided. */
export const decideReports = async (s: Store, jobId: number, outcome: 'kept' | 'hidden', now: number): Promise<number> =>
  Number((await s.updateTable('job_reports').set({ decided_at: now, outcome }).where('job_id', '=', jobId).where('decided_at', 'is', null).executeTakeFirst()).numUpdatedRows)

export const setHidden = (s: Store, jobId: number, at: number | null) => s.updateTable('jobs').set({ hidden_at: at }).where('id', '=', jobId).execute()

export const insertReport = (s: Store, r: { job_id: number; user_id: number; reason: Database['job_reports']['reason']; note: string; created_at: number }) =>
  s.insertInto('job_reports').values(r).execute()

/** The shop's answer on the posting's open reports (it goes to the operator with them); how many it answered. */
export const answerOpenReports = async (s: Store, jobId: number, answer: string, now: number): Promise<number> =>
  Number((await s.updateTable('job_reports').set({ answered_at: now, answer }).where('job_id', '=', jobId).where('answered_at', 'is', null).where('decided_at', 'is', null).executeTakeFirst()).numUpdatedRows)

export const hasContact = async (s: Store, userId: number, day: string, jobId: number): Promise<boolean> =>
  (await s.selectFrom('job_contacts').select('job_id').where('user_id', '=', userId).where('day', '=', day).where('job_id', '=', jobId).executeTakeFirst()) !== undefined

export const contactsOfDay = async (s: Store, userId: number, day: string): Promise<number> =>
  Number((await s.selectFrom('job_contacts').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('day', '=', day).executeTakeFirstOrThrow()).n)

export const insertContact = (s: Store, userId: number, day: string, jobId: number, now: number, client: string) =>
  s.insertInto('job_contacts').values({ user_id: userId, day, job_id: jobId, seen_at: now, client }).execute()

// One client address's contacts (issue 43) -------------------------------------------------------------------------

/**
 * Serializes the contacts asked from one client address on PostgreSQL (a transaction-scoped advisory lock on the
 * address's hash; accounts behind one address lock different users rows), so "postings revealed there today" is counted
 * one contact after another. SQLite needs nothing: BEGIN IMMEDIATE already serializes.
 */
export async function lockClient(s: Store, engine: Engine, client: string): Promise<void> {
  if (engine === 'postgres') await kysql`SELECT pg_advisory_xact_lock(43009, hashtext(${client}))`.execute(s)
}

/** The account's creation time ('YYYY-MM-DD HH:mm:ss', business wall time). */
export const accountCreatedAt = async (s: Store, userId: number): Promise<string | undefined> =>
  (await s.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst())?.created_at

export const clientSawJob = async (s: Store, client: string, day: string, jobId: number): Promise<boolean> =>
  (await s.selectFrom('job_contacts').select('job_id').where('client', '=', client).where('day', '=', day).where('job_id', '=', jobId).limit(1).executeTakeFirst()) !== undefined

/** Different postings revealed to any account from this address on this day. */
export const jobsSeenFromClient = async (s: Store, client: string, day: string): Promise<number> =>
  Number((await s.selectFrom('job_contacts').select((eb) => eb.fn.count<number>('job_id').distinct().as('n')).where('client', '=', client).where('day', '=', day).executeTakeFirstOrThrow()).n)

/** The sweep: contacts of days before `day` ('YYYY-MM-DD') go — only a day's own count is ever read; how many went. */
export const pruneContactsBefore = async (s: Store, day: string): Promise<number> => Number((await s.deleteFrom('job_contacts').where('day', '<', day).executeTakeFirst()).numDeletedRows)
