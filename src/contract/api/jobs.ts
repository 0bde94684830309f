import { JobContactAnswer, JobIdPayload, JobListQuery, JobPage, JobReadAnswer, JobReadQuery, JobReportAnswer, JobReportPayload, StoreJobAnswer, StoreJobAnswerReports, StoreJobPage, StoreJobSave } from '../jobs'
import { PageQuery } from '../paging'
import { defineApi } from './define'

/**
 * Jobs (issue 26; docs/api.md "Jobs"): postings by live shops, the contact (limited), reports, and the store's
 * postings. Shapes in ../jobs.ts.
 */
export const JOB_API = defineApi({
  'hui_public.job/index': {
    method: 'GET',
    auth: 'optional',
    req: JobListQuery,
    res: JobPage,
    doc: 'Open postings, paged: city, category, least monthly salary, keyword; nearest first with a point, else newest.',
  },
  'hui_public.job/read': {
    method: 'GET',
    auth: 'optional',
    req: JobReadQuery,
    res: JobReadAnswer,
    doc: 'One open posting with its shop (no contact).',
  },
  'personal.job/contact': {
    method: 'POST',
    auth: 'required',
    req: JobIdPayload,
    res: JobContactAnswer,
    doc: "The posting's contact (a shopper; at most JOB_CONTACTS_PER_DAY postings a business day).",
  },
  'personal.job/report': {
    method: 'POST',
    auth: 'required',
    req: JobReportPayload,
    res: JobReportAnswer,
    doc: 'Report a posting with a reason (once per shopper until the shop answers).',
  },
  'hui_shanghu.store_job/index': {
    method: 'GET',
    auth: 'required',
    req: PageQuery,
    res: StoreJobPage,
    doc: "The store's postings, every state, with open reports.",
  },
  'hui_shanghu.store_job/save': {
    method: 'POST',
    auth: 'required',
    req: StoreJobSave,
    res: StoreJobAnswer,
    doc: 'Create (no id) or edit (id) a posting; either starts its 30 days again.',
  },
  'hui_shanghu.store_job/close': {
    method: 'POST',
    auth: 'required',
    req: JobIdPayload,
    res: StoreJobAnswer,
    doc: 'Stop hiring: the posting leaves the lists for good.',
  },
  'hui_shanghu.store_job/confirm': {
    method: 'POST',
    auth: 'required',
    req: JobIdPayload,
    res: StoreJobAnswer,
    doc: '"Still hiring": the 30 days start again from now (also brings back an expired posting).',
  },
  'hui_shanghu.store_job/answerReports': {
    method: 'POST',
    auth: 'required',
    req: StoreJobAnswerReports,
    res: StoreJobAnswer,
    doc: "Answer the open reports of a posting: the answer goes with them to the operator's review (issue 43).",
  },
})
