import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import { hasRedemptionCode } from '@/contract/orderRules'
import { request } from '@/core/request'
import OrderDetail from '@/features/orders/OrderDetail'
import { useLoginRequired } from '@/hooks/useLoginRequired'
import { useQuery } from '@/hooks/useQuery'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** Order detail. */
export default function OrdersDetailPage() {
  const params = usePageParams()
  const id = Number(params.id)
  const returnTo = routeUrl('pages/orders/detail', { id: params.id ?? '' })
  const loggedIn = useLoginRequired(returnTo)
  const data = useQuery(async () => {
    const { info } = await request('personal.order/read', { id })
    const code = hasRedemptionCode(info.order_status) ? await request('personal.order/orderVerification', { id }) : null
    return { info, code }
  }, [id], loggedIn && id > 0)
  return (
    <PageFrame route='pages/orders/detail'>
      <LoadState loading={data.loading} error={data.error} missing={!(id > 0)} loginTo={loggedIn ? undefined : returnTo} onRetry={() => void data.reload()} rows={3}>
        {data.data && <OrderDetail order={data.data.info} code={data.data.code} onChanged={() => void data.reload()} />}
      </LoadState>
    </PageFrame>
  )
}
