import Taro from '@tarojs/taro'
import { EmptyState } from '@/components/StateView'
import { useT } from '@/features/store/messages'
import { routeUrl } from '@/routes'

/** A logged-in shopper without the staff role opened a store screen: say so, and the way back to Me. */
export default function NoPermission() {
  const t = useT()
  return <EmptyState title={t('store.noPermission')} hint={t('store.noPermissionHint')} actionText={t('store.back')} onAction={() => void Taro.switchTab({ url: routeUrl('pages/personal/index') })} />
}
