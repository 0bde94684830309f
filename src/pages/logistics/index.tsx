import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Logistics tracking — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function LogisticsIndexPage() {
  return (
    <PageFrame route='pages/logistics/index'>
      <ComingSoon route='pages/logistics/index' />
    </PageFrame>
  )
}
