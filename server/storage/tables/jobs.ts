import type { Generated } from 'kysely'
import type { JobCategory, JobReportReason } from '../../../src/contract/jobEndpoints'

/**
 * Jobs' tables on the storage seam (issue 26's schema, server/storage/migrations/0022_jobs.sqlite.sql; issue 28): postings, shoppers'
 * reports, the contacts a shopper saw per business day. Times are epoch ms on the server's clock (bigint on PostgreSQL,
 * read as numbers). The repository: server/storage/jobs.ts.
 */
export interface JobTables {
  jobs: JobsTable
  job_reports: JobReportsTable
  job_contacts: JobContactsTable
}

export interface JobsTable {
  id: Generated<number>
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
  created_at: number
  /** Posted, edited or confirmed "still hiring": listed for 30 days from it. */
  refreshed_at: number
  closed_at: number | null
  /** Hidden by the operator after review (issue 43): not listed, whatever else. */
  hidden_at: number | null
}

export interface JobReportsTable {
  id: Generated<number>
  job_id: number
  user_id: number
  reason: JobReportReason
  note: string
  created_at: number
  /** Null until the shop answers (its answer goes to the operator with the report). */
  answered_at: number | null
  answer: string | null
  /** The operator's review (issue 43): null while undecided — one undecided report per shopper and posting (a unique index). */
  decided_at: number | null
  /** kept: the posting stays listed (the report did not hold); hidden: the operator hid it. Null: closed under the old rule. */
  outcome: 'kept' | 'hidden' | null
}

export interface JobContactsTable {
  user_id: number
  job_id: number
  /** The business day, 'YYYY-MM-DD' (Asia/Shanghai). */
  day: string
  seen_at: number
  /** The client address it was asked from (issue 43: postings revealed per address a day); null for contacts before. */
  client: string | null
}
