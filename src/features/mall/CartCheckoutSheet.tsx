import { Image, Text, View } from '@tarojs/components'
import { useMemo } from 'react'
import FormSheet from '@/components/FormSheet'
import type { CartLine, CartStore } from '@/contract/mallCart'
import type { ProductOrderPayload } from '@/contract/order'
import { centsToYuan } from '@/core/format'
import { assetUrl } from '@/core/request'
import MallCheckout, { type MallOrderGoods } from './MallCheckout'
import { useT } from './messages'
import './cart.css'

interface Props {
  store: CartStore['store']
  /** The chosen lines of this store (all buyable). */
  lines: CartLine[]
  paying: boolean
  onPay: (payload: ProductOrderPayload) => void
  onClose: () => void
}

/** The cart's checkout of one store: its chosen lines, then one order's delivery, coupon, the server's price and pay. */
export default function CartCheckoutSheet({ store, lines, paying, onPay, onClose }: Props) {
  const t = useT()
  const goods = useMemo<MallOrderGoods>(() => ({ items: lines.map((l) => ({ product_id: l.product_id, spec_id: l.spec_id, quantity: l.quantity })) }), [lines])
  // What this shopper pays for the goods (member prices with a card): what a coupon's minimum spend is held against.
  const spend = lines.reduce((sum, l) => sum + l.unit_price * l.quantity, 0)
  const pieces = lines.reduce((n, l) => n + l.quantity, 0)
  return (
    <FormSheet name='cart-sheet' title={t('cart.confirmTitle')} busy={paying} onClose={onClose}>
      <View className='cart-sheet__store'>
        <Text className='cart-sheet__store-name'>{store.name}</Text>
        <Text className='cart-sheet__pieces'>{t('cart.lines', { n: pieces })}</Text>
      </View>
      <View className='cart-sheet__lines'>
        {lines.map((l) => (
          <View key={l.id} className='cart-sheet__line'>
            <Image className='cart-sheet__img' src={assetUrl(l.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
            <View className='cart-sheet__text'>
              <Text className='cart-sheet__name'>{l.name}</Text>
              <Text className='cart-sheet__spec'>{l.spec_name}</Text>
            </View>
            <Text className='cart-sheet__price'>{t('cart.price', { price: centsToYuan(l.unit_price), n: l.quantity })}</Text>
          </View>
        ))}
      </View>
      <MallCheckout store={store} pickup={lines.every((l) => l.pickup)} spend={spend} goods={goods} paying={paying} onPay={onPay} />
    </FormSheet>
  )
}
