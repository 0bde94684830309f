import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Flash-sale product — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function SeckillDetailPage() {
  return (
    <PageFrame route='pages/seckill/detail'>
      <ComingSoon route='pages/seckill/detail' />
    </PageFrame>
  )
}
