/**
 * Jobs' calls (issue 26). Only the jobs screens and Search import this module, so JOB_ENDPOINTS stays off Home's first
 * load; the calls go through the app's one client with the method from JOB_ENDPOINTS.
 */
import type { GeoPoint } from '@/contract/geo'
import { JOB_ENDPOINTS, type JobCategory, type JobEndpointPath, type JobReportReason } from '@/contract/jobEndpoints'
import type { ApiReq, ApiRes } from '@/contract/schemas'
import { request, type RequestOptions } from '@/core/request'
import { usePagedList } from '@/hooks/usePagedList'
import { useQuery } from '@/hooks/useQuery'
import { useSignedInQuery, type SignedInOptions } from '@/hooks/useSignedIn'

export function requestJob<P extends JobEndpointPath>(path: P, payload: ApiReq<P>, opts: RequestOptions = {}): Promise<ApiRes<P>> {
  return request(path, payload, opts, JOB_ENDPOINTS[path])
}

export interface JobFilter {
  cityId?: number
  category?: JobCategory
  salaryMin?: number
  keyword?: string
  point?: GeoPoint
}

/** Listed postings, paged: nearest first with the shopper's point, else newest first. */
export function useJobPages(filter: JobFilter, enabled = true) {
  const { cityId, category, salaryMin, keyword, point } = filter
  const lat = point?.lat
  const lng = point?.lng
  return usePagedList(
    (page, page_size) =>
      requestJob('hui_public.job/index', {
        page,
        page_size,
        ...(cityId ? { city_id: cityId } : {}),
        ...(category ? { category } : {}),
        ...(salaryMin ? { salary_min: salaryMin } : {}),
        ...(keyword ? { keyword } : {}),
        ...(lat !== undefined && lng !== undefined ? { lat, lng } : {}),
      }),
    [cityId, category, salaryMin, keyword, lat, lng],
    { keyOf: (j) => j.id, enabled },
  )
}

export function useJob(id: number, point?: GeoPoint) {
  const lat = point?.lat
  const lng = point?.lng
  return useQuery(() => requestJob('hui_public.job/read', { id, ...(lat !== undefined && lng !== undefined ? { lat, lng } : {}) }).then((r) => r.info), [id, lat, lng], id > 0)
}

export const jobContact = (id: number) => requestJob('personal.job/contact', { id })
export const reportJob = (id: number, reason: JobReportReason) => requestJob('personal.job/report', { id, reason })

/** The store's own postings, every state (the workbench's Jobs screen; staff only). One page of the newest 50. */
export const STORE_JOBS_PAGE = 50
export function useStoreJobs(options: SignedInOptions = {}) {
  return useSignedInQuery(() => requestJob('hui_shanghu.store_job/index', { page: 1, page_size: STORE_JOBS_PAGE }), [], options)
}
