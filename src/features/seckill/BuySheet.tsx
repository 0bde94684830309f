import { Button, Text, View } from '@tarojs/components'
import { useMemo, useState } from 'react'
import { useOrderQuote } from '@/api/orders'
import FormSheet from '@/components/FormSheet'
import Money from '@/components/Money'
import QuantityStepper from '@/components/QuantityStepper'
import QuoteError from '@/components/QuoteError'
import type { ProductOrderPayload } from '@/contract/order'
import type { SeckillProduct } from '@/contract/seckill'
import { toastInfo } from '@/core/feedback'
import { centsToYuan } from '@/core/format'
import { useT } from './messages'

interface Props {
  product: SeckillProduct
  /** How many this shopper may still buy: the stock left and what the limit leaves, the smaller (≥ 1). */
  max: number
  paying: boolean
  onPay: (payload: ProductOrderPayload) => void
  onClose: () => void
}

/**
 * Buy: quantity (1 … max), collected at the product's store, the server's price (flash-sale items take no
 * coupon), pay. The price shown is always the server's quote for the quantity shown.
 */
export default function BuySheet({ product, max, paying, onPay, onClose }: Props) {
  const t = useT()
  const [quantity, setQuantity] = useState(1)
  const payload = useMemo<ProductOrderPayload>(() => ({ kind: 'product', product_id: product.id, quantity }), [product.id, quantity])
  const { quote, loading, error, retryable, retry } = useOrderQuote(payload)
  const saving = quote ? quote.discount_amount + quote.member_discount_amount : 0
  return (
    <FormSheet name='flash-sheet' title={t('flash.sheet')} busy={paying} onClose={onClose}>
      <View className='form-sheet__item'>
        <Text className='form-sheet__item-name'>{product.name}</Text>
        <Money className='form-sheet__item-price' cents={product.price} />
      </View>
      <View className='form-sheet__row'>
        <View className='form-sheet__row-label'>
          <Text>{t('flash.quantity')}</Text>
          <Text className='form-sheet__hint flash-sheet__hint'>{t('flash.maxHint', { n: max })}</Text>
        </View>
        <QuantityStepper name='flash-stepper' value={quantity} max={max} onChange={setQuantity} onBeyond={() => toastInfo(t('flash.atMost', { n: max }))} lessLabel={t('flash.less')} moreLabel={t('flash.more')} />
      </View>
      {product.pickup_shop && (
        <View className='form-sheet__row flash-sheet__pickup'>
          <Text className='form-sheet__row-label'>{t('flash.pickup')}</Text>
          <View className='form-sheet__place'>
            <Text className='form-sheet__place-name flash-sheet__shop-name'>{product.pickup_shop.name}</Text>
            <Text className='form-sheet__hint'>{product.pickup_shop.address}</Text>
          </View>
        </View>
      )}
      <QuoteError error={error} retryable={retryable} onRetry={retry} />
      <View className='form-sheet__bar'>
        <View className='form-sheet__total'>
          <Text className='form-sheet__payable-label'>{t('flash.payable')}</Text>
          {quote ? (
            <Money className='form-sheet__payable flash-sheet__payable' cents={quote.pay_amount} />
          ) : (
            <Text className='form-sheet__payable form-sheet__payable--pending flash-sheet__payable flash-sheet__payable--pending'>{loading ? t('flash.quoting') : '—'}</Text>
          )}
          {quote && saving > 0 && <Text className='form-sheet__saving'>{t('flash.saving', { amount: `¥${centsToYuan(saving)}` })}</Text>}
        </View>
        <Button className='btn-pill form-sheet__pay flash-sheet__pay' disabled={!quote || paying || undefined} loading={paying} onClick={() => onPay(payload)}>
          {t('flash.pay')}
        </Button>
      </View>
    </FormSheet>
  )
}
