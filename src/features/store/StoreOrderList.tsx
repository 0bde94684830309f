import { Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { isNoPermission, useStoreOrderPages } from '@/api/store'
import LoadState from '@/components/LoadState'
import Money from '@/components/Money'
import OrderStatusText from '@/components/OrderStatus'
import { statusKey } from '@/components/OrderStatus/status'
import { useT as useStatusT } from '@/components/OrderStatus/messages'
import Tabs from '@/components/Tabs'
import { EmptyState, ListFooter } from '@/components/StateView'
import { ORDER_STATUS } from '@/contract/constants'
import type { StoreOrder } from '@/contract/store'
import { errorMessage } from '@/core/request'
import { useT } from '@/features/store/messages'
import { routeUrl } from '@/routes'
import NoPermission from './NoPermission'
import { linesSummary } from './OrderLines'
import { hasPackedLines, storeOrderTitle } from './OrderSummary'
import './store.css'

export type StoreTodo = 'all' | 'verify' | 'refund' | 'ship'
export const STORE_TODOS: readonly StoreTodo[] = ['all', 'verify', 'refund', 'ship']
/** The statuses a store looks its orders up by (every status: 'all'). */
export const STORE_STATUS_TABS = ['all', String(ORDER_STATUS.PAID), String(ORDER_STATUS.COMPLETED), String(ORDER_STATUS.REFUNDING), String(ORDER_STATUS.REFUNDED)] as const
export type StoreStatusTab = (typeof STORE_STATUS_TABS)[number]

interface Props {
  todo: StoreTodo
  status: StoreStatusTab
  onTodo: (todo: StoreTodo) => void
  onStatus: (status: StoreStatusTab) => void
  enabled: boolean
}

/** Store orders: what needs doing (to verify, refunds to answer) or every order by status; paged, pull to refresh. */
export default function StoreOrderList({ todo, status, onTodo, onStatus, enabled }: Props) {
  const t = useT()
  const st = useStatusT()
  const list = useStoreOrderPages({ todo: todo === 'all' ? undefined : todo, status: todo === 'all' && status !== 'all' ? Number(status) : undefined }, enabled)

  useReachBottom(() => void list.loadMore())
  usePullDownRefresh(() => {
    void list.refresh().finally(() => void Taro.stopPullDownRefresh())
  })

  if (isNoPermission(list.error)) return <NoPermission />
  return (
    <View>
      <Tabs name='store-todo-tabs' tabs={STORE_TODOS.map((key) => ({ key, label: t(`storeOrders.todo.${key}`) }))} active={todo} onChange={onTodo} />
      {todo === 'all' && (
        <Tabs
          name='store-status-tabs'
          tabs={STORE_STATUS_TABS.map((key) => ({ key, label: key === 'all' ? t('storeOrders.status.all') : st(statusKey(Number(key))) }))}
          active={status}
          onChange={onStatus}
        />
      )}
      <LoadState loading={list.loading} error={list.items.length ? null : list.error} onRetry={() => void list.retry()}>
        {list.empty ? (
          <EmptyState title={t('storeOrders.empty')} hint={t('storeOrders.emptyHint')} />
        ) : (
          <View>
            {list.items.map((order) => (
              <StoreOrderCard key={order.id} order={order} />
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

function StoreOrderCard({ order }: { order: StoreOrder }) {
  const t = useT()
  return (
    <View className={`store-box store-card store-card--${order.order_status}`} role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/store/order', { id: order.id }) })}>
      <View className='store-summary__head'>
        <Text className='store-summary__title'>{storeOrderTitle(order, t)}</Text>
        <OrderStatusText className={`store-summary__status store-status--${order.order_status}`} status={order.order_status} />
      </View>
      {hasPackedLines(order) && <Text className='store-card__lines'>{linesSummary(order.lines, t)}</Text>}
      <View className='store-card__row'>
        <Text className='store-card__who'>{t('storeOrders.shopper', { phone: order.shopper_phone })}</Text>
        <Money className='store-summary__amount' cents={order.pay_amount} />
      </View>
      <View className='store-card__row'>
        <Text className='store-card__time'>{order.pay_time ?? order.create_time}</Text>
        {order.can_verify && <Text className='store-tag store-tag--verify'>{t('storeOrders.todo.verify')}</Text>}
        {order.can_answer_refund && <Text className='store-tag store-tag--refund'>{t('storeOrder.refundAsked')}</Text>}
        {order.can_ship && <Text className='store-tag store-tag--ship'>{t('storeOrders.todo.ship')}</Text>}
      </View>
    </View>
  )
}
