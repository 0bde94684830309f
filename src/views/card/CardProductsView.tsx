import { Button, Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'
import type { CardProduct } from '@/contract/member'
import { centsToYuan } from '@/contract/money'
import type { CardWords } from '../words'

export interface CardProductsViewProps {
  t: CardWords
  products: readonly CardProduct[]
  /** The product chosen (firstCardChoice in src/contract/cardWords.ts, then the shopper's tap). */
  chosenId: number | undefined
  /** What to pay (cents), or none while the server's quote is awaited. */
  total: number | undefined
  /** The chosen card's dates beside Pay, once quoted. */
  when?: string
  /** A logged-in shopper's checkout (the plan, the coupon), between the products and the bar. */
  checkout?: ReactNode
  buyLabel: string
  buyDisabled?: boolean
  paying?: boolean
  onChoose?: (id: number) => void
  onBuy?: () => void
}

/** Membership card's products to choose from and the buy bar with its price. */
export default function CardProductsView({ t, products, chosenId, total, when, checkout, buyLabel, buyDisabled, paying, onChoose, onBuy }: CardProductsViewProps) {
  return (
    <View className='card-products'>
      <Text className='card-products__title'>{t('card.choose')}</Text>
      {products.map((p) => (
        <View key={p.id} className={`card-product card-product--level${p.level}${p.id === chosenId ? ' card-product--chosen' : ''}`} onClick={() => onChoose?.(p.id)} role='radio' tabIndex={0} aria-checked={p.id === chosenId}>
          <View className='card-product__head'>
            <Text className='card-product__name'>{p.name}</Text>
            <Text className='card-product__price'>{`¥${centsToYuan(p.price)}`}</Text>
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
      {checkout}
      <View className='card-products__bar'>
        <View className='card-products__sum'>
          {total !== undefined ? <Text className='card-products__total'>{`¥${centsToYuan(total)}`}</Text> : <Text className='card-products__quoting'>{t('card.quoting')}</Text>}
          {/* The dates stay in sight next to Pay (the full note is above, under the products). */}
          {when && <Text className='card-products__when'>{when}</Text>}
        </View>
        <Button className='btn-pill card-products__buy' disabled={buyDisabled || undefined} loading={paying} onClick={onBuy}>
          {buyLabel}
        </Button>
      </View>
    </View>
  )
}
