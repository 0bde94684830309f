import { useOrderWithCode } from '@/api/orders'
import { isNotFound } from '@/api/notFound'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import OrderDetail from '@/features/orders/OrderDetail'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** Order detail (also the cashier's return page after a failed payment: `pay=failed`). */
export default function OrdersDetailPage() {
  const params = usePageParams()
  const id = Number(params.id)
  const data = useOrderWithCode(id, { returnTo: routeUrl('pages/orders/detail', { id: params.id ?? '' }) })
  // Another shopper's order reads as one that does not exist: not found, not "load failed, retry".
  const missing = !(id > 0) || isNotFound(data.error, 'order')
  return (
    <PageFrame route='pages/orders/detail'>
      <LoadState loading={data.loading} error={data.error} missing={missing} loginTo={data.loginTo} onRetry={() => void data.reload()} rows={3}>
        {/* A cancel, a refund asked or withdrawn is a write: the order asks again by itself (src/core/cache.ts). */}
        {data.data && <OrderDetail order={data.data.info} code={data.data.code} payFailed={params.pay === 'failed'} />}
      </LoadState>
    </PageFrame>
  )
}
