import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Discount day — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function DiscountsDayIndexPage() {
  return (
    <PageFrame route='pages/discountsDay/index'>
      <ComingSoon route='pages/discountsDay/index' />
    </PageFrame>
  )
}
