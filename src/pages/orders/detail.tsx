import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import { ORDER_STATUS } from '@/contract/constants'
import { request } from '@/core/request'
import { requireLogin } from '@/core/session'
import OrderDetail from '@/features/orders/OrderDetail'
import { useQuery } from '@/hooks/useQuery'
import { usePageParams } from '@/hooks/usePageParams'

/** Order detail. */
export default function OrdersDetailPage() {
  const params = usePageParams()
  const id = Number(params.id)
  const loggedIn = requireLogin(`/pages/orders/detail?id=${params.id ?? ''}`)
  const data = useQuery(async () => {
    const { info } = await request('personal.order/read', { id })
    const usable: number[] = [ORDER_STATUS.PAID, ORDER_STATUS.ACCEPTED, ORDER_STATUS.COMPLETED]
    const code = usable.includes(info.order_status) ? await request('personal.order/orderVerification', { id }) : null
    return { info, code }
  }, [id], loggedIn && id > 0)
  return (
    <PageFrame route='pages/orders/detail'>
      <LoadState loading={data.loading} error={data.error} missing={!(id > 0)} onRetry={() => void data.reload()} rows={3}>
        {data.data && <OrderDetail order={data.data.info} code={data.data.code} onChanged={() => void data.reload()} />}
      </LoadState>
    </PageFrame>
  )
}
