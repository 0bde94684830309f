import PageFrame from '@/components/PageFrame'
import FlashSales from '@/features/seckill/FlashSales'

/** Flash sales: today's sessions and their products. */
export default function SeckillIndexPage() {
  return (
    <PageFrame route='pages/seckill/index'>
      <FlashSales />
    </PageFrame>
  )
}
