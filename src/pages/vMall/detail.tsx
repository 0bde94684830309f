import { useMallProduct } from '@/api/mall'
import { isNotFound } from '@/api/notFound'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import ProductDetail from '@/features/mall/ProductDetail'
import { usePageParams } from '@/hooks/usePageParams'

/** A mall product (`id`): pictures, specs, store and buying it (ours, beyond the seed). */
export default function VMallDetailPage() {
  const id = Number(usePageParams().id)
  const read = useMallProduct(id)
  return (
    <PageFrame route='pages/vMall/detail'>
      <LoadState loading={id > 0 && read.loading && !read.data} error={read.error} missing={!(id > 0) || isNotFound(read.error, 'product')} onRetry={() => void read.reload()} rows={4}>
        {read.data && <ProductDetail product={read.data} onReload={() => void read.reload()} />}
      </LoadState>
    </PageFrame>
  )
}
