import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Mall guide — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function VMallGuidePage() {
  return (
    <PageFrame route='pages/vMall/guide'>
      <ComingSoon route='pages/vMall/guide' />
    </PageFrame>
  )
}
