import { useEffect, useState } from 'react'
import { isNoPermission, isStoreOrderMissing, useStoreTakeout } from '@/api/store'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import NoPermission from '@/features/store/NoPermission'
import StoreTakeoutDetail from '@/features/store/StoreTakeoutDetail'
import type { StoreTakeoutAnswer } from '@/features/store/TakeoutSheets'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** A store's takeout order (workbench): what to make and where it goes, the moves its stage allows, its trail. */
export default function StoreTakeoutOrderPage() {
  const params = usePageParams()
  const id = Number(params.id)
  const query = useStoreTakeout(id, { returnTo: routeUrl('pages/store/takeoutOrder', { id: params.id ?? '' }) })
  // A move answers with the order as it now is: shown at once, no second read.
  const [latest, setLatest] = useState<StoreTakeoutAnswer | null>(null)
  useEffect(() => setLatest(null), [query.data])
  const data = latest ?? query.data
  const missing = !(id > 0) || isStoreOrderMissing(query.error)
  return (
    <PageFrame route='pages/store/takeoutOrder'>
      {isNoPermission(query.error) ? (
        <NoPermission />
      ) : (
        <LoadState loading={query.loading && !data} error={query.error} missing={missing} loginTo={query.loginTo} onRetry={() => void query.reload()} rows={4}>
          {data && <StoreTakeoutDetail data={data} onChanged={setLatest} onReload={() => void query.reload()} />}
        </LoadState>
      )}
    </PageFrame>
  )
}
