import { useEffect, useState } from 'react'
import { useStoreJobs } from '@/api/jobs'
import { isNoPermission } from '@/api/store'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import type { StoreJob } from '@/contract/jobs'
import NoPermission from '@/features/store/NoPermission'
import StoreJobs from '@/features/store/StoreJobs'
import { routeUrl } from '@/routes'

/** The shop's job postings (workbench → Jobs): post, edit, stop, "still hiring", answer reports. */
export default function StoreJobsPage() {
  const query = useStoreJobs({ returnTo: routeUrl('pages/store/jobs') })
  // Every write answers with the posting as it now is: shown at once, on top of the list last read.
  const [changed, setChanged] = useState<StoreJob[]>([])
  useEffect(() => setChanged([]), [query.data])
  const read = query.data?.list
  const jobs = read ? [...changed.filter((c) => !read.some((j) => j.id === c.id)), ...read.map((j) => changed.find((c) => c.id === j.id) ?? j)] : undefined
  const onChanged = (job: StoreJob) => setChanged((now) => [job, ...now.filter((c) => c.id !== job.id)])
  return (
    <PageFrame route='pages/store/jobs'>
      {isNoPermission(query.error) ? (
        <NoPermission />
      ) : (
        <LoadState loading={query.loading && !jobs} error={query.error} loginTo={query.loginTo} onRetry={() => void query.reload()} rows={4}>
          {jobs && <StoreJobs jobs={jobs} onChanged={onChanged} />}
        </LoadState>
      )}
    </PageFrame>
  )
}
