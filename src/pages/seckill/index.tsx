import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Flash sales — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function SeckillIndexPage() {
  return (
    <PageFrame route='pages/seckill/index'>
      <ComingSoon route='pages/seckill/index' />
    </PageFrame>
  )
}
