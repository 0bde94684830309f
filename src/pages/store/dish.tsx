import Taro from '@tarojs/taro'
import { isNoPermission } from '@/api/store'
import { useStoreMenu } from '@/api/storeShop'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import NoPermission from '@/features/store/NoPermission'
import DishForm from '@/features/storeShop/DishForm'
import OwnerOnly from '@/features/storeShop/OwnerOnly'
import { usePageParams } from '@/hooks/usePageParams'
import { navPlatform } from '@/platform/nav'
import { routeUrl } from '@/routes'

/** Menu → a dish (`dish?id=`) or a new one (`dish?category_id=`), the owner's (issue 44). Saved: back to the menu. */
export default function StoreDishPage() {
  const params = usePageParams()
  const id = Number(params.id ?? 0)
  const categoryId = Number(params.category_id ?? 0)
  const query = useStoreMenu({ returnTo: routeUrl('pages/store/dish', params.id ? { id: params.id } : { category_id: params.category_id ?? '' }) })
  const back = () => (navPlatform.hasPageBehind() ? navPlatform.back() : void Taro.redirectTo({ url: routeUrl('pages/store/menu') }))
  const data = query.data
  const missing = (id > 0 && data !== undefined && !data.dishes.some((d) => d.id === id)) || (data !== undefined && data.categories.length === 0)
  return (
    <PageFrame route='pages/store/dish'>
      {isNoPermission(query.error) ? (
        <NoPermission />
      ) : data && !data.can_edit ? (
        <OwnerOnly />
      ) : (
        <LoadState loading={query.loading && !data} error={query.error} missing={missing} loginTo={query.loginTo} onRetry={() => void query.reload()} rows={5}>
          {data && <DishForm key={id || `new-${categoryId}`} menu={data} dishId={id > 0 ? id : undefined} categoryId={categoryId} onSaved={back} onCancel={back} />}
        </LoadState>
      )}
    </PageFrame>
  )
}
