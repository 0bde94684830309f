import { useEffect, useState } from 'react'
import { isNoPermission, isStoreOrderMissing, useStoreOrder } from '@/api/store'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import type { StoreOrderAnswer } from '@/contract/store'
import NoPermission from '@/features/store/NoPermission'
import StoreOrderDetail from '@/features/store/StoreOrderDetail'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** A store order (workbench): what it is, the actions its state allows, and its trail. */
export default function StoreOrderPage() {
  const params = usePageParams()
  const id = Number(params.id)
  const query = useStoreOrder(id, { returnTo: routeUrl('pages/store/order', { id: params.id ?? '' }) })
  // An action answers with the order as it now is: shown at once. The write invalidates what was kept (the order,
  // the lists): the screen reads the order again by itself, once, in the background.
  const [latest, setLatest] = useState<StoreOrderAnswer | null>(null)
  useEffect(() => setLatest(null), [query.data])
  const data = latest ?? query.data
  const missing = !(id > 0) || isStoreOrderMissing(query.error)
  return (
    <PageFrame route='pages/store/order'>
      {isNoPermission(query.error) ? (
        <NoPermission />
      ) : (
        <LoadState loading={query.loading && !data} error={query.error} missing={missing} loginTo={query.loginTo} onRetry={() => void query.reload()} rows={4}>
          {data && <StoreOrderDetail data={data} onChanged={setLatest} />}
        </LoadState>
      )}
    </PageFrame>
  )
}
