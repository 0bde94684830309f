import type { StoreJob } from '@/contract/jobs'
import type { JobCategory } from '@/contract/jobEndpoints'
import type { ApiReq } from '@/contract/schemas'

/** A posting as typed (numbers as text, so nothing typed is lost or rewritten while it is invalid). */
export interface JobDraft {
  title: string
  category: JobCategory | ''
  salary_min: string
  salary_max: string
  headcount: string
  hours: string
  requirements: string
  benefits: string
  contact_name: string
  contact_phone: string
}
export type JobField = keyof JobDraft

/** An error: its message key and params (the form words them in the staff member's language). */
export interface FieldError {
  key: 'required' | 'tooLong' | 'category' | 'money' | 'salaryOrder' | 'headcount' | 'phone'
  max?: number
}
export type JobErrors = Partial<Record<JobField, FieldError>>

/** The server's limits (src/contract/jobs.ts StoreJobSave). */
export const TEXT_MAX: Partial<Record<JobField, number>> = { title: 40, hours: 60, requirements: 500, benefits: 500, contact_name: 20 }
export const PHONE = /^(1\d{10}|0\d{2,3}-?\d{7,8})$/
const MONEY_MAX = 1_000_000

export const emptyJob = (): JobDraft => ({ title: '', category: '', salary_min: '', salary_max: '', headcount: '1', hours: '', requirements: '', benefits: '', contact_name: '', contact_phone: '' })

export const draftOf = (j: StoreJob): JobDraft => ({
  title: j.title,
  category: j.category,
  salary_min: String(j.salary_min),
  salary_max: String(j.salary_max),
  headcount: String(j.headcount),
  hours: j.hours,
  requirements: j.requirements,
  benefits: j.benefits,
  contact_name: j.contact_name,
  contact_phone: j.contact_phone,
})

const whole = (s: string, min: number, max: number): number | null => {
  const v = s.trim()
  if (!/^\d+$/.test(v)) return null
  const n = Number(v)
  return n >= min && n <= max ? n : null
}

/** The same checks the server makes, field by field. */
export function validateJob(d: JobDraft): JobErrors {
  const out: JobErrors = {}
  for (const f of Object.keys(TEXT_MAX) as JobField[]) {
    const v = d[f].trim()
    const max = TEXT_MAX[f] ?? 0
    if (!v) out[f] = { key: 'required' }
    else if (v.length > max) out[f] = { key: 'tooLong', max }
  }
  if (!d.category) out.category = { key: 'category' }
  const lo = whole(d.salary_min, 0, MONEY_MAX)
  const hi = whole(d.salary_max, 0, MONEY_MAX)
  if (lo === null) out.salary_min = d.salary_min.trim() ? { key: 'money' } : { key: 'required' }
  if (hi === null) out.salary_max = d.salary_max.trim() ? { key: 'money' } : { key: 'required' }
  else if (lo !== null && hi < lo) out.salary_max = { key: 'salaryOrder' }
  if (whole(d.headcount, 1, 999) === null) out.headcount = d.headcount.trim() ? { key: 'headcount' } : { key: 'required' }
  const phone = d.contact_phone.trim()
  if (!phone) out.contact_phone = { key: 'required' }
  else if (!PHONE.test(phone)) out.contact_phone = { key: 'phone' }
  return out
}

/** The save call's payload from a valid draft. */
export function payloadOf(d: JobDraft, id: number | undefined): ApiReq<'hui_shanghu.store_job/save'> {
  return {
    ...(id ? { id } : {}),
    title: d.title.trim(),
    category: d.category as JobCategory,
    salary_min: Number(d.salary_min.trim()),
    salary_max: Number(d.salary_max.trim()),
    headcount: Number(d.headcount.trim()),
    hours: d.hours.trim(),
    requirements: d.requirements.trim(),
    benefits: d.benefits.trim(),
    contact_name: d.contact_name.trim(),
    contact_phone: d.contact_phone.trim(),
  }
}
