import { Button, Text, View } from '@tarojs/components'
import { useState } from 'react'
import Money from '@/components/Money'
import type { CardProduct, UserCard } from '@/contract/member'
import { useT } from '@/features/card/messages'
import { requireLogin } from '@/core/session'
import { afterPay } from '@/payment/afterPay'
import { usePay } from '@/hooks/usePay'
import './card.css'
import { routeUrl } from '@/routes'

/** Card products to choose from, and the buy button (order kind `card`). */
export default function CardProducts({ products, current }: { products: CardProduct[]; current: UserCard | null }) {
  const t = useT()
  const [chosen, setChosen] = useState(products[1]?.id ?? products[0]?.id)
  const { pay, paying } = usePay()
  const product = products.find((p) => p.id === chosen)

  const buy = async () => {
    if (!product || !requireLogin(routeUrl('pages/card/index'))) return
    afterPay(await pay({ kind: 'card', card_id: product.id }))
  }

  return (
    <View className='card-products'>
      <Text className='card-products__title'>{t('card.choose')}</Text>
      {products.map((p) => (
        <View key={p.id} className={`card-product card-product--level${p.level}${p.id === chosen ? ' card-product--chosen' : ''}`} onClick={() => setChosen(p.id)} role='radio' tabIndex={0} aria-checked={p.id === chosen}>
          <View className='card-product__head'>
            <Text className='card-product__name'>{p.name}</Text>
            <Money className='card-product__price' cents={p.price} />
          </View>
          <Text className='card-product__days'>
            {t('card.days', { days: p.days })} · {t('card.memberRate', { rate: p.member_rate })}
          </Text>
          {p.benefits.map((b) => (
            <Text key={b} className='card-product__benefit'>
              · {b}
            </Text>
          ))}
        </View>
      ))}
      <View className='card-products__bar'>
        {product && <Money className='card-products__total' cents={product.price} />}
        <Button className='btn-pill card-products__buy' disabled={(paying || !product) || undefined} loading={paying} onClick={() => void buy()}>
          {current ? t('card.renew') : t('card.buy')}
        </Button>
      </View>
    </View>
  )
}
