import { Image, Text, View } from '@tarojs/components'
import Money from '@/components/Money'
import type { OrderInfo, OrderLine } from '@/contract/order'
import { centsToYuan } from '@/core/format'
import { assetUrl } from '@/core/request'
import { useT } from '@/features/orders/messages'
import './orders.css'

/** "500g × 2": a line's spec and quantity, whichever it has. */
function specText(line: OrderLine): string {
  const qty = line.quantity > 1 ? `× ${line.quantity}` : ''
  return [line.spec, qty].filter(Boolean).join(' ')
}

/**
 * My orders: what a product order bought, as a picture and its name, spec and quantity (a card, bill or fuel
 * order is named by its heading; takeout lists its dishes in the detail).
 */
export function LineSummary({ order }: { order: Pick<OrderInfo, 'kind' | 'lines'> }) {
  const lines = order.kind === 'product' ? (order.lines ?? []) : []
  if (lines.length === 0) return null
  return (
    <View className='order-lines order-lines--card'>
      {lines.map((line, i) => (
        <View key={i} className='order-line'>
          {line.image && <Image className='order-line__img' src={assetUrl(line.image)} mode='aspectFill' nativeProps={{ alt: '' }} />}
          <View className='order-line__text'>
            <Text className='order-line__name'>{line.name}</Text>
            {specText(line) && <Text className='order-line__spec'>{specText(line)}</Text>}
          </View>
        </View>
      ))}
    </View>
  )
}

/** Order detail: every line (picture, name, spec, quantity, unit price) and, for a mall order, where it goes. */
export function OrderItems({ order }: { order: Pick<OrderInfo, 'lines' | 'delivery' | 'shop_name' | 'pickup'> }) {
  const t = useT()
  const lines = order.lines ?? []
  if (lines.length === 0 && !order.delivery) return null
  return (
    <View className='order-detail__box order-lines'>
      <Text className='order-detail__section order-lines__title'>{t('detail.items')}</Text>
      {lines.map((line, i) => (
        <View key={i} className='order-line'>
          {line.image && <Image className='order-line__img' src={assetUrl(line.image)} mode='aspectFill' nativeProps={{ alt: '' }} />}
          <View className='order-line__text'>
            <Text className='order-line__name'>{line.name}</Text>
            {line.spec && <Text className='order-line__spec'>{line.spec}</Text>}
          </View>
          <View className='order-line__figures'>
            <Money className='order-line__price' cents={line.price} />
            {line.list_price !== undefined && line.list_price > line.price && (
              <Text className='order-line__list'>
                {t('detail.listPrice')}{' '}
                <Text className='order-line__list-price'>¥{centsToYuan(line.list_price)}</Text>
              </Text>
            )}
            <Text className='order-line__qty'>× {line.quantity}</Text>
          </View>
        </View>
      ))}
      {order.delivery?.mode === 'ship' && order.delivery.address && (
        <View className='order-delivery'>
          <Text className='order-delivery__label'>{t('detail.shipTo')}</Text>
          <Text className='order-delivery__who'>
            {order.delivery.address.name} {order.delivery.address.phone}
          </Text>
          <Text className='order-delivery__text'>{order.delivery.address.text}</Text>
        </View>
      )}
      {order.delivery?.mode === 'pickup' && !order.pickup && (
        <View className='order-delivery'>
          <Text className='order-delivery__label'>{t('detail.pickupAt')}</Text>
          <Text className='order-delivery__text'>{order.shop_name ?? ''}</Text>
        </View>
      )}
    </View>
  )
}
