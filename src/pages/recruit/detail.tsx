import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Job detail — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function RecruitDetailPage() {
  return (
    <PageFrame route='pages/recruit/detail'>
      <ComingSoon route='pages/recruit/detail' />
    </PageFrame>
  )
}
