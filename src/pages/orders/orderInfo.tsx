import { useFlashSales } from '@/api/flashSales'
import { useOrder } from '@/api/orders'
import LoadState from '@/components/LoadState'
import { receiptParamsOf } from '@/contract/receiptLink'
import PageFrame from '@/components/PageFrame'
import GoldPlan from '@/features/orders/GoldPlan'
import Receipt from '@/features/orders/Receipt'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/**
 * "Gold-pointing plan", shown after a payment (`?id=`). Opened by WeChat Pay in its frame with `sub_mch_id`,
 * `out_trade_no` and `check_code` (点金计划 商家小票, issue 26): the receipt alone, checked by the server, no login. Which of
 * the two is the contract's rule (receiptParamsOf), the one the server frames the page by (issue 43).
 */
export default function OrdersOrderInfoPage() {
  const params = usePageParams()
  const receipt = receiptParamsOf(params)
  if (receipt) return <Receipt query={receipt} />
  return <GoldPlanPage id={Number(params.id)} />
}

function GoldPlanPage({ id }: { id: number }) {
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
