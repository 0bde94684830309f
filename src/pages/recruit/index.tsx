import PageFrame from '@/components/PageFrame'
import JobList from '@/features/jobs/JobList'

/** Jobs: postings of live shops, filtered and searched (src/features/jobs/JobList.tsx). */
export default function RecruitIndexPage() {
  return (
    <PageFrame route='pages/recruit/index'>
      <JobList />
    </PageFrame>
  )
}
