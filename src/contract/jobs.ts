/**
 * Jobs (issue 26; docs/api.md "Jobs"). zod for the server; types only on the client. Salaries are whole yuan a
 * month; times are ms on the server's clock.
 */
import { z } from 'zod'
import { Id, lines, oneLine } from './common'
import { GeoQuery } from './geo'
import { PageQuery, pagedOf } from './paging'
import { JOB_CATEGORIES, JOB_REPORT_REASONS } from './jobEndpoints'

/** A one-line field; `many`: several lines by design (the requirements and benefits, the answer to reports). */
const text = (max: number, many = false) => (many ? lines : oneLine)(z.string().trim()).min(1).max(max)

export const JobListQuery = PageQuery.merge(GeoQuery).extend({
  city_id: Id.optional(),
  category: z.enum(JOB_CATEGORIES).optional(),
  /** Postings whose top salary reaches this (yuan a month). */
  salary_min: z.coerce.number().int().min(0).max(1_000_000).optional(),
  keyword: oneLine(z.string().trim()).max(40).optional(),
})
export type JobListQuery = z.input<typeof JobListQuery>

export const JobShop = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city_id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  /** Metres from the point asked with; null without one. */
  distance: z.number().int().nullable(),
})

export const Job = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.enum(JOB_CATEGORIES),
  salary_min: z.number().int(),
  salary_max: z.number().int(),
  headcount: z.number().int(),
  hours: z.string(),
  /** When it was posted, edited or last confirmed "still hiring" (ms). */
  refreshed_at: z.number().int(),
  /** When it leaves the lists unless confirmed again (ms). */
  expires_at: z.number().int(),
  shop: JobShop,
})
export type Job = z.infer<typeof Job>
export const JobPage = pagedOf(Job)

export const JobDetail = Job.extend({ requirements: z.string(), benefits: z.string() })
export type JobDetail = z.infer<typeof JobDetail>
export const JobReadAnswer = z.object({ info: JobDetail })
export const JobReadQuery = z.object({ id: Id }).merge(GeoQuery)

export const JobIdPayload = z.object({ id: Id })
export const JobContactAnswer = z.object({ name: z.string(), phone: z.string(), used_today: z.number().int(), limit: z.number().int() })
export type JobContactAnswer = z.infer<typeof JobContactAnswer>

export const JobReportPayload = z.object({ id: Id, reason: z.enum(JOB_REPORT_REASONS), note: lines(z.string().trim()).max(200).default('') })
export const JobReportAnswer = z.object({ reported: z.literal(true) })

/** The store's side. */
export const JOB_STATES = ['open', 'expired', 'closed', 'hidden'] as const
export const StoreJob = JobDetail.extend({
  contact_name: z.string(),
  contact_phone: z.string(),
  state: z.enum(JOB_STATES),
  open_reports: z.array(z.object({ reason: z.enum(JOB_REPORT_REASONS), note: z.string(), created_at: z.number().int() })),
})
export type StoreJob = z.infer<typeof StoreJob>
export const StoreJobPage = pagedOf(StoreJob)
export const StoreJobAnswer = z.object({ info: StoreJob })

export const StoreJobSave = z
  .object({
    id: Id.optional(),
    title: text(40),
    category: z.enum(JOB_CATEGORIES),
    salary_min: z.number().int().min(0).max(1_000_000),
    salary_max: z.number().int().min(0).max(1_000_000),
    headcount: z.number().int().min(1).max(999),
    hours: text(60),
    requirements: text(500, true),
    benefits: text(500, true),
    contact_name: text(20),
    contact_phone: z.string().trim().regex(/^(1\d{10}|0\d{2,3}-?\d{7,8})$/, 'contact_phone must be a mobile or landline number'),
  })
  .refine((v) => v.salary_max >= v.salary_min, { message: 'salary_max must be at least salary_min', path: ['salary_max'] })
export const StoreJobAnswerReports = z.object({ id: Id, answer: text(200, true) })
