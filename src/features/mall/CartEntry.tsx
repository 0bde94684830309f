import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { routeUrl } from '@/routes'
import { useT } from './messages'

interface Props {
  /** Pieces in the cart (0: no badge; signed out: 0). */
  count: number
  className?: string
}

/** The way to the cart, with the number of pieces in it (the product's bar, the mall's top). */
export default function CartEntry({ count, className = '' }: Props) {
  const t = useT()
  const badge = count > 99 ? '99+' : String(count)
  return (
    <View
      className={`mall-cart-entry ${className}`}
      role='link'
      tabIndex={0}
      // The name starts with what is seen ("Cart 3"): the badge follows the word after a space.
      aria-label={count > 0 ? t('cart.entryCount', { n: badge }) : t('cart.entry')}
      onClick={() => void Taro.navigateTo({ url: routeUrl('pages/vMall/cart') })}
    >
      <View className='mall-cart-entry__icon' aria-hidden='true'>
        <View className='mall-cart-entry__basket' />
        <View className='mall-cart-entry__wheels' />
      </View>
      <Text className='mall-cart-entry__label' aria-hidden='true'>
        {t('cart.entry')}
      </Text>
      {count > 0 && ' '}
      {count > 0 && (
        <Text className='mall-cart-entry__badge' aria-hidden='true'>
          {badge}
        </Text>
      )}
    </View>
  )
}
