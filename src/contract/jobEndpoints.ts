/**
 * Jobs (issue 26): postings by live shops, shown with the shop; the contact needs a shopper and is limited; a
 * shopper reports a posting; the store posts, edits, closes, confirms "still hiring" and answers reports.
 * Rules in docs/api.md "Jobs". Shapes are in ./jobs.ts.
 *
 * Their own table, not ENDPOINTS: the app's request client imports ENDPOINTS on Home's first load, and these
 * calls are made only by the jobs screens, Search's Jobs tab and the workbench. Runtime values (no zod).
 */
// The table is generated from the definitions in ./api/jobs.ts (`npm run gen:api`): method, sign-in, shapes and docs are there.
export { JOB_ENDPOINTS, type JobEndpointPath } from './generated/jobEndpoints'

/** Job categories (the app names them in the shopper's language). */
export const JOB_CATEGORIES = ['restaurant', 'retail', 'beauty', 'service', 'fuel'] as const
export type JobCategory = (typeof JOB_CATEGORIES)[number]

/** Why a shopper reports a posting. */
export const JOB_REPORT_REASONS = ['fake', 'fee', 'wrong_info', 'other'] as const
export type JobReportReason = (typeof JOB_REPORT_REASONS)[number]

/** A posting is listed this long after it was posted, edited or confirmed "still hiring". */
export const JOB_LIFETIME_DAYS = 30
/**
 * Reports never hide a posting (issue 43): they queue it for the operator's review, who keeps it listed or hides it. A
 * shopper `kept` of whose reports the operator kept (found unfounded) within the last `days` days may not report until
 * fewer are.
 */
export const JOB_REPORT_BAR = { kept: 3, days: 90 } as const
/** Different postings whose contact one shopper may see in one business day. */
export const JOB_CONTACTS_PER_DAY = 5
/**
 * Issue 43: a second account bought five more contacts a day. An account in its first JOB_NEW_ACCOUNT_HOURS may see
 * JOB_CONTACTS_NEW_ACCOUNT a day; and one client address (the connection's, or the proxy's word for it when
 * TRUST_PROXY says the proxy is ours) may reveal at most JOB_CONTACTS_PER_ADDRESS different postings a business day,
 * over every account behind it (a posting already revealed there that day is free). Nothing the client makes up (an
 * install id, a header) counts: it can be forged.
 */
export const JOB_CONTACTS_NEW_ACCOUNT = 2
export const JOB_NEW_ACCOUNT_HOURS = 24
export const JOB_CONTACTS_PER_ADDRESS = 20
/** The salary filter's floors (yuan a month; 0: any). */
export const JOB_SALARY_FLOORS = [0, 5000, 8000, 10000] as const
