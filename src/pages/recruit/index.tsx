import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Job list — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function RecruitIndexPage() {
  return (
    <PageFrame route='pages/recruit/index'>
      <ComingSoon route='pages/recruit/index' />
    </PageFrame>
  )
}
