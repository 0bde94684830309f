import PageFrame from '@/components/PageFrame'
import FlashSales from '@/features/seckill/FlashSales'

/** Flash sales: today's sessions and their products (PRODUCT.md §3). */
export default function SeckillIndexPage() {
  return (
    <PageFrame route='pages/seckill/index'>
      <FlashSales />
    </PageFrame>
  )
}
