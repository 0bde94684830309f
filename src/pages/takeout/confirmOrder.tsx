import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Confirm order — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function TakeoutConfirmOrderPage() {
  return (
    <PageFrame route='pages/takeout/confirmOrder'>
      <ComingSoon route='pages/takeout/confirmOrder' />
    </PageFrame>
  )
}
