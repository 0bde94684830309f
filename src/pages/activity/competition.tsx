import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Competition — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function ActivityCompetitionPage() {
  return (
    <PageFrame route='pages/activity/competition'>
      <ComingSoon route='pages/activity/competition' />
    </PageFrame>
  )
}
