import { isNoPermission } from '@/api/store'
import { isOwnerOnly, useShopChanges } from '@/api/storeShop'
import LoginNeeded from '@/components/LoginNeeded'
import PageFrame from '@/components/PageFrame'
import NoPermission from '@/features/store/NoPermission'
import ChangeHistory from '@/features/storeShop/ChangeHistory'
import OwnerOnly from '@/features/storeShop/OwnerOnly'
import { useSignedIn } from '@/hooks/useSignedIn'
import { routeUrl } from '@/routes'

/** Workbench → Change history (issue 44): who changed the menu, delivery settings and coupons, and how. The owner's. */
export default function StoreChangesPage() {
  const { signedIn, loginTo } = useSignedIn(routeUrl('pages/store/changes'))
  const list = useShopChanges(signedIn)
  return (
    <PageFrame route='pages/store/changes'>
      {loginTo ? <LoginNeeded returnTo={loginTo} /> : isNoPermission(list.error) ? <NoPermission /> : isOwnerOnly(list.error) ? <OwnerOnly /> : <ChangeHistory list={list} />}
    </PageFrame>
  )
}
