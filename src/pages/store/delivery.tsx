import Taro from '@tarojs/taro'
import { isNoPermission } from '@/api/store'
import { useStoreMenu } from '@/api/storeShop'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import NoPermission from '@/features/store/NoPermission'
import DeliveryForm from '@/features/storeShop/DeliveryForm'
import OwnerOnly from '@/features/storeShop/OwnerOnly'
import { navPlatform } from '@/platform/nav'
import { routeUrl } from '@/routes'

/** Menu → delivery settings, the owner's (issue 44): the first save starts takeout for the shop. Saved: back to the menu. */
export default function StoreDeliveryPage() {
  const query = useStoreMenu({ returnTo: routeUrl('pages/store/delivery') })
  const back = () => (navPlatform.hasPageBehind() ? navPlatform.back() : void Taro.redirectTo({ url: routeUrl('pages/store/menu') }))
  const data = query.data
  return (
    <PageFrame route='pages/store/delivery'>
      {isNoPermission(query.error) ? (
        <NoPermission />
      ) : data && !data.can_edit ? (
        <OwnerOnly />
      ) : (
        <LoadState loading={query.loading && !data} error={query.error} loginTo={query.loginTo} onRetry={() => void query.reload()} rows={5}>
          {data && <DeliveryForm menu={data} onSaved={back} />}
        </LoadState>
      )}
    </PageFrame>
  )
}
