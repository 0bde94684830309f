import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Takeout order — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function TakeoutOrderDetailPage() {
  return (
    <PageFrame route='pages/takeout/orderDetail'>
      <ComingSoon route='pages/takeout/orderDetail' />
    </PageFrame>
  )
}
