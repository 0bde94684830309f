import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import { request } from '@/core/request'
import GoldPlan from '@/features/orders/GoldPlan'
import { useLoginRequired } from '@/hooks/useLoginRequired'
import { useQuery } from '@/hooks/useQuery'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** "Gold-pointing plan", shown after a payment. */
export default function OrdersOrderInfoPage() {
  const id = Number(usePageParams().id)
  const returnTo = routeUrl('pages/orders/orderInfo', { id: Number.isFinite(id) ? id : '' })
  const loggedIn = useLoginRequired(returnTo)
  const data = useQuery(async () => {
    const [{ info }, deals] = await Promise.all([request('personal.order/read', { id }), request('hui_public.hsh_seckill_prod/index', { page_size: 3 }).catch(() => null)])
    return { info, deals: deals?.list ?? [] }
  }, [id], loggedIn && id > 0)
  return (
    <PageFrame route='pages/orders/orderInfo'>
      <LoadState loading={data.loading} error={data.error} missing={!(id > 0)} loginTo={loggedIn ? undefined : returnTo} onRetry={() => void data.reload()} rows={2}>
        {data.data && <GoldPlan order={data.data.info} deals={data.data.deals} />}
      </LoadState>
    </PageFrame>
  )
}
