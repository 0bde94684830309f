import { Text, View } from '@tarojs/components'
import Money from '@/components/Money'
import OrderStatusText from '@/components/OrderStatus'
import type { StoreOrder } from '@/contract/store'
import { useT } from '@/features/store/messages'
import OrderLines, { piecesText } from './OrderLines'
import './store.css'

/** What was bought, as the till knows it: a product by its name; a bill, fuel or takeout by its kind (their title is the shop's own name). */
export function storeOrderTitle(order: Pick<StoreOrder, 'kind' | 'title' | 'oil'>, t: ReturnType<typeof useT>): string {
  if (order.kind === 'oil' && order.oil) return t('storeOrders.oilLine', { grade: order.oil.grade, pump: order.oil.pump_no, litres: order.oil.litres.toFixed(2) })
  return order.kind === 'bill' || order.kind === 'oil' || order.kind === 'takeout' ? t(`storeOrders.kind.${order.kind}`) : order.title
}

/** Orders whose lines are what the store packs or hands over: products (flash sales, mall) and takeout dishes. */
export const hasPackedLines = (order: Pick<StoreOrder, 'kind' | 'lines'>): boolean => (order.kind === 'product' || order.kind === 'takeout') && order.lines.length > 0

/** What a store order is for: every line (what, spec or options, how many, how much), the total, who (masked phone), its number and status. */
export default function OrderSummary({ order }: { order: StoreOrder }) {
  const t = useT()
  const packed = hasPackedLines(order)
  return (
    <View className='store-box store-summary'>
      <View className='store-summary__head'>
        <Text className='store-summary__title'>{storeOrderTitle(order, t)}</Text>
        <OrderStatusText className={`store-summary__status store-status--${order.order_status}`} status={order.order_status} />
      </View>
      {packed && <OrderLines lines={order.lines} />}
      {packed && order.lines.length > 1 && <Text className='store-note store-summary__pieces'>{piecesText(order.quantity, t)}</Text>}
      <View className='kv-row store-row'>
        <Text>{t('storeVerify.amount')}</Text>
        <Money className='store-summary__amount' cents={order.pay_amount} />
      </View>
      <Pair label={t('storeVerify.shopper')} value={order.shopper_phone} className='store-summary__phone' />
      <Pair label={t('storeVerify.orderNo')} value={order.order_no} />
    </View>
  )
}

export function Pair({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <View className='kv-row store-row'>
      <Text>{label}</Text>
      <Text className={className}>{value}</Text>
    </View>
  )
}
