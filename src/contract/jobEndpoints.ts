/**
 * Jobs (issue 26): postings by live shops, shown with the shop; the contact needs a shopper and is limited; a
 * shopper reports a posting; the store posts, edits, closes, confirms "still hiring" and answers reports.
 * Rules in docs/api.md "Jobs". Shapes are in ./jobs.ts.
 *
 * Their own table, not ENDPOINTS: the app's request client imports ENDPOINTS on Home's first load, and these
 * calls are made only by the jobs screens, Search's Jobs tab and the workbench. Runtime values (no zod).
 */
export const JOB_ENDPOINTS = {
  /** Open postings, paged: city, category, least monthly salary, keyword; nearest first with a point, else newest. */
  'hui_public.job/index': 'GET',
  /** One open posting with its shop (no contact). */
  'hui_public.job/read': 'GET',
  /** The posting's contact (a shopper; at most JOB_CONTACTS_PER_DAY postings a business day). */
  'personal.job/contact': 'POST',
  /** Report a posting with a reason (once per shopper until the shop answers). */
  'personal.job/report': 'POST',
  /** The store's postings, every state, with open reports. */
  'hui_shanghu.store_job/index': 'GET',
  /** Create (no id) or edit (id) a posting; either starts its 30 days again. */
  'hui_shanghu.store_job/save': 'POST',
  /** Stop hiring: the posting leaves the lists for good. */
  'hui_shanghu.store_job/close': 'POST',
  /** "Still hiring": the 30 days start again from now (also brings back an expired posting). */
  'hui_shanghu.store_job/confirm': 'POST',
  /** Answer the open reports of a posting: the answer goes with them to the operator's review (issue 43). */
  'hui_shanghu.store_job/answerReports': 'POST',
} as const satisfies Record<string, 'GET' | 'POST'>

export type JobEndpointPath = keyof typeof JOB_ENDPOINTS

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
