import { View } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useOrderPages } from '@/api/orders'
import LoadState from '@/components/LoadState'
import Tabs from '@/components/Tabs'
import { EmptyState, ListFooter } from '@/components/StateView'
import { ORDER_TABS } from '@/contract/constants'
import { useT } from '@/features/orders/messages'
import { errorMessage } from '@/core/request'
import { afterPay } from '@/payment/afterPay'
import { usePay } from '@/hooks/usePay'
import OrderCard from './OrderCard'
import { useCancelOrder } from './unpaid'
import type { OrdersTab } from '@/core/ordersTab'
import './orders.css'
import { routeUrl } from '@/routes'

/** My orders: tabs by status, paged with infinite scroll and pull-to-refresh, actions on each card. */
export default function OrderList({ tab, onTab }: { tab: OrdersTab; onTab: (tab: OrdersTab) => void }) {
  const t = useT()
  const list = useOrderPages({ tab })
  const { payExisting, paying } = usePay()
  // The list asks again by itself after a cancel (the write invalidates it: src/core/cache.ts).
  const cancel = useCancelOrder()

  useReachBottom(() => void list.loadMore())
  usePullDownRefresh(() => {
    void list.refresh().finally(() => void Taro.stopPullDownRefresh())
  })

  return (
    <View>
      <Tabs name='orders-tabs' tabs={ORDER_TABS.map((key) => ({ key, label: t(`orders.tab.${key}`) }))} active={tab} onChange={onTab} />
      <LoadState loading={list.loading} error={list.items.length ? null : list.error} onRetry={() => void list.retry()}>
        {list.empty ? (
          <EmptyState title={t('orders.empty')} hint={t('orders.emptyHint')} actionText={t('orders.goShopping')} onAction={() => void Taro.switchTab({ url: routeUrl('pages/index/index') })} />
        ) : (
          <View>
            {list.items.map((order) => (
              <OrderCard key={order.id} order={order} busy={paying || cancel.busy} onPay={(o) => void payExisting(o).then(afterPay)} onCancel={(o) => void cancel.run(o)} />
            ))}
            <ListFooter
              loadingMore={list.loadingMore}
              hasMore={list.hasMore}
              loadingText={t('common.loadingMore')}
              endText={t('common.noMore')}
              failed={list.error && list.items.length > 0 ? { message: errorMessage(list.error), retryText: t('common.retry'), onRetry: () => void list.retry() } : undefined}
            />
          </View>
        )}
      </LoadState>
    </View>
  )
}
