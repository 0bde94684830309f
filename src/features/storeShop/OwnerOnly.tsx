import Taro from '@tarojs/taro'
import { EmptyState } from '@/components/StateView'
import { routeUrl } from '@/routes'
import { useT } from './messages'

/** Staff opened a screen of the owner's (a dish, delivery, coupons, history): said so, with the way back to the workbench. */
export default function OwnerOnly() {
  const t = useT()
  return <EmptyState title={t('shop.ownerOnly')} hint={t('shop.ownerOnlyHint')} actionText={t('shop.toWorkbench')} onAction={() => void Taro.redirectTo({ url: routeUrl('pages/store/index') })} />
}
