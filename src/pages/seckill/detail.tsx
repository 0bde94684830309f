import { isNotFound } from '@/api/notFound'
import { useFlashProduct } from '@/api/seckill'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import FlashDetail from '@/features/seckill/FlashDetail'
import { usePageParams } from '@/hooks/usePageParams'

/** A flash-sale product (`id`): its state, buyers, rules and reviews, and buying it. */
export default function SeckillDetailPage() {
  const id = Number(usePageParams().id)
  const read = useFlashProduct(id)
  return (
    <PageFrame route='pages/seckill/detail'>
      <LoadState loading={id > 0 && read.loading && !read.data} error={read.error} missing={!(id > 0) || isNotFound(read.error, 'product')} onRetry={() => void read.reload()} rows={4}>
        {read.data && <FlashDetail product={read.data.info} bought={read.data.bought} />}
      </LoadState>
    </PageFrame>
  )
}
