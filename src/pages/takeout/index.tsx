import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Takeout — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function TakeoutIndexPage() {
  return (
    <PageFrame route='pages/takeout/index'>
      <ComingSoon route='pages/takeout/index' />
    </PageFrame>
  )
}
