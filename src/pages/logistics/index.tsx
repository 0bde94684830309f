import Taro from '@tarojs/taro'
import { useParcel } from '@/api/logistics'
import { isNotFound } from '@/api/notFound'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import { EmptyState } from '@/components/StateView'
import ParcelView from '@/features/logistics/ParcelView'
import { useT } from '@/features/logistics/messages'
import { usePageParams } from '@/hooks/usePageParams'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { routeUrl } from '@/routes'

/** Logistics (`?id=` an order): the parcel's carrier, tracking number and timeline; confirming receipt. */
export default function LogisticsIndexPage() {
  const t = useT()
  const params = usePageParams()
  const id = Number(params.id)
  const data = useParcel(id, routeUrl('pages/logistics/index', { id: params.id ?? '' }))
  const missing = !(id > 0) || isNotFound(data.error, 'order')
  // The parcel moves on: a pull asks where it is now (issue 24).
  usePullRefresh(data.reload)
  return (
    <PageFrame route='pages/logistics/index'>
      <LoadState loading={data.loading} error={data.error} missing={missing} loginTo={data.loginTo} onRetry={() => void data.reload()} rows={4}>
        {data.data &&
          (data.data.parcel ? (
            <ParcelView parcel={data.data.parcel} />
          ) : (
            <EmptyState title={t('parcel.notShipped')} hint={t('parcel.notShippedHint')} actionText={t('parcel.toOrder')} onAction={() => void Taro.redirectTo({ url: routeUrl('pages/orders/detail', { id }) })} />
          ))}
      </LoadState>
    </PageFrame>
  )
}
