import PageFrame from '@/components/PageFrame'
import { idParam } from '@/api/notFound'
import JobDetail from '@/features/jobs/JobDetail'
import { usePageParams } from '@/hooks/usePageParams'

/** Job detail (`?id=`): src/features/jobs/JobDetail.tsx. */
export default function RecruitDetailPage() {
  const id = idParam(usePageParams().id)
  return (
    <PageFrame route='pages/recruit/detail'>
      <JobDetail id={id} />
    </PageFrame>
  )
}
