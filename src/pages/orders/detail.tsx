import { useOrderWithCode } from '@/api/orders'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import OrderDetail from '@/features/orders/OrderDetail'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** Order detail. */
export default function OrdersDetailPage() {
  const params = usePageParams()
  const id = Number(params.id)
  const data = useOrderWithCode(id, { returnTo: routeUrl('pages/orders/detail', { id: params.id ?? '' }) })
  return (
    <PageFrame route='pages/orders/detail'>
      <LoadState loading={data.loading} error={data.error} missing={!(id > 0)} loginTo={data.loginTo} onRetry={() => void data.reload()} rows={3}>
        {data.data && <OrderDetail order={data.data.info} code={data.data.code} onChanged={() => void data.reload()} />}
      </LoadState>
    </PageFrame>
  )
}
