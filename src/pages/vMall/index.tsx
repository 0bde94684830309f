import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Micro mall — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function VMallIndexPage() {
  return (
    <PageFrame route='pages/vMall/index'>
      <ComingSoon route='pages/vMall/index' />
    </PageFrame>
  )
}
