import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Mall gallery — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function VMallSwiperPage() {
  return (
    <PageFrame route='pages/vMall/swiper'>
      <ComingSoon route='pages/vMall/swiper' />
    </PageFrame>
  )
}
