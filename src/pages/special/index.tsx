import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Micro mall special — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function SpecialIndexPage() {
  return (
    <PageFrame route='pages/special/index'>
      <ComingSoon route='pages/special/index' />
    </PageFrame>
  )
}
