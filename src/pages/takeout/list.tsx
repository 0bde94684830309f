import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Takeout shops — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function TakeoutListPage() {
  return (
    <PageFrame route='pages/takeout/list'>
      <ComingSoon route='pages/takeout/list' />
    </PageFrame>
  )
}
