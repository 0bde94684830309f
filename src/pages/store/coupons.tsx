import { useEffect, useState } from 'react'
import { isNoPermission } from '@/api/store'
import { isOwnerOnly, useShopCoupons } from '@/api/storeShop'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import type { ShopCouponList } from '@/contract/storeShop'
import NoPermission from '@/features/store/NoPermission'
import OwnerOnly from '@/features/storeShop/OwnerOnly'
import ShopCoupons from '@/features/storeShop/ShopCoupons'
import { routeUrl } from '@/routes'

/** Workbench → Coupons (issue 44): the shop's coupons with claimed and used, stop one, issue one. The owner's. */
export default function StoreCouponsPage() {
  const query = useShopCoupons({ returnTo: routeUrl('pages/store/coupons'), reloadOnReturn: true })
  const [latest, setLatest] = useState<ShopCouponList | null>(null)
  useEffect(() => setLatest(null), [query.data])
  const data = latest ?? query.data
  return (
    <PageFrame route='pages/store/coupons'>
      {isNoPermission(query.error) ? (
        <NoPermission />
      ) : isOwnerOnly(query.error) ? (
        <OwnerOnly />
      ) : (
        <LoadState loading={query.loading && !data} error={query.error} loginTo={query.loginTo} onRetry={() => void query.reload()} rows={4}>
          {data && <ShopCoupons data={data} onChanged={setLatest} />}
        </LoadState>
      )}
    </PageFrame>
  )
}
