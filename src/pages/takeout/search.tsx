import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Takeout search — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function TakeoutSearchPage() {
  return (
    <PageFrame route='pages/takeout/search'>
      <ComingSoon route='pages/takeout/search' />
    </PageFrame>
  )
}
