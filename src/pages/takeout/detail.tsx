import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Takeout menu — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function TakeoutDetailPage() {
  return (
    <PageFrame route='pages/takeout/detail'>
      <ComingSoon route='pages/takeout/detail' />
    </PageFrame>
  )
}
