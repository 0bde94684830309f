import { useEffect, useState } from 'react'
import { isNoPermission } from '@/api/store'
import { useStoreProfile } from '@/api/storeProfile'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import type { StoreProfileAnswer } from '@/contract/shopProfile'
import NoPermission from '@/features/store/NoPermission'
import ShopProfile from '@/features/store/ShopProfile'
import { routeUrl } from '@/routes'

/** Workbench → Shop profile: name (reviewed), phone, address and map point, photos; the ways to hours and introduction. */
export default function StoreProfilePage() {
  const query = useStoreProfile({ returnTo: routeUrl('pages/store/profile'), reloadOnReturn: true })
  // A change answers with the profile as it now is: shown at once.
  const [latest, setLatest] = useState<StoreProfileAnswer | null>(null)
  useEffect(() => setLatest(null), [query.data])
  const data = latest ?? query.data
  return (
    <PageFrame route='pages/store/profile'>
      {isNoPermission(query.error) ? (
        <NoPermission />
      ) : (
        <LoadState loading={query.loading && !data} error={query.error} loginTo={query.loginTo} onRetry={() => void query.reload()} rows={4}>
          {data && <ShopProfile key={`${data.shop.id}`} data={data} onChanged={setLatest} />}
        </LoadState>
      )}
    </PageFrame>
  )
}
