import { Text, View } from '@tarojs/components'
import Taro, { useReachBottom } from '@tarojs/taro'
import { useOrderPages } from '@/api/orders'
import LoadState from '@/components/LoadState'
import Money from '@/components/Money'
import OrderStatusText from '@/components/OrderStatus'
import { EmptyState, ListFooter } from '@/components/StateView'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { useT } from './messages'
import './coupons.css'
import { routeUrl } from '@/routes'

/** Card purchase records: card orders, newest first, paged. */
export default function CardRecords() {
  const t = useT()
  const list = useOrderPages({ kind: 'card' })
  useReachBottom(() => void list.loadMore())
  usePullRefresh(list.refresh)
  return (
    <LoadState loading={list.loading} error={list.items.length ? null : list.error} onRetry={() => void list.retry()}>
      {list.empty ? (
        <EmptyState title={t('records.empty')} actionText={t('card.buy')} onAction={() => void Taro.switchTab({ url: routeUrl('pages/card/index') })} />
      ) : (
        <View>
          {list.items.map((o) => (
            <View key={o.id} className='record' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/orders/detail', { id: o.id }) })}>
              <View className='record__main'>
                <Text className='record__title'>{o.title}</Text>
                <Text className='record__time'>{o.pay_time ?? o.create_time}</Text>
              </View>
              <View className='record__side'>
                <Money className='record__amount' cents={o.pay_amount} />
                <OrderStatusText className='record__status' status={o.order_status} />
              </View>
            </View>
          ))}
          <ListFooter loadingMore={list.loadingMore} hasMore={list.hasMore} loadingText={t('common.loadingMore')} endText={t('common.noMore')} />
        </View>
      )}
    </LoadState>
  )
}
