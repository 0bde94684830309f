import { useFlashSales } from '@/api/flashSales'
import { useOrder } from '@/api/orders'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import GoldPlan from '@/features/orders/GoldPlan'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** "Gold-pointing plan", shown after a payment. */
export default function OrdersOrderInfoPage() {
  const id = Number(usePageParams().id)
  const order = useOrder(id, { returnTo: routeUrl('pages/orders/orderInfo', { id: Number.isFinite(id) ? id : '' }) })
  // Deals to look at next: a nice extra, the plan shows without them.
  const deals = useFlashSales(3, order.signedIn && id > 0)
  return (
    <PageFrame route='pages/orders/orderInfo'>
      <LoadState loading={order.loading} error={order.error} missing={!(id > 0)} loginTo={order.loginTo} onRetry={() => void order.reload()} rows={2}>
        {order.data && <GoldPlan order={order.data} deals={deals.data?.list ?? []} />}
      </LoadState>
    </PageFrame>
  )
}
