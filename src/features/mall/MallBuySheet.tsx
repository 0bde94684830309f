import { Button, Text, View } from '@tarojs/components'
import { useEffect, useMemo, useState } from 'react'
import FormSheet from '@/components/FormSheet'
import Money from '@/components/Money'
import QuantityStepper from '@/components/QuantityStepper'
import type { MallProductDetail } from '@/contract/mall'
import type { ProductOrderPayload } from '@/contract/order'
import { toastInfo } from '@/core/feedback'
import MallCheckout, { type MallOrderGoods } from './MallCheckout'
import SpecChips from './SpecChips'
import { useT } from './messages'
import './mall.css'

interface Props {
  /** buy: Buy now (delivery, coupon, the server's price, pay) · cart: add the spec and quantity to the cart. */
  mode: 'buy' | 'cart'
  product: MallProductDetail
  specId: number | null
  onSpec: (id: number) => void
  /** Buy: paying · cart: adding. */
  busy: boolean
  onPay: (payload: ProductOrderPayload) => void
  onAdd: (specId: number, quantity: number) => void
  onClose: () => void
}

/**
 * A product's sheet: spec, quantity (up to the spec's stock and the per-order limit, saying which stops it); then
 * Buy now's order (MallCheckout) or Add to cart.
 */
export default function MallBuySheet({ mode, product: p, specId, onSpec, busy, onPay, onAdd, onClose }: Props) {
  const t = useT()
  const spec = p.specs.find((s) => s.id === specId) ?? null
  const [quantity, setQuantity] = useState(1)
  const max = spec ? Math.max(1, Math.min(spec.stock, p.limit_per_order)) : 1

  // A smaller stock under the chosen spec brings the quantity down with it.
  useEffect(() => {
    if (quantity > max) setQuantity(max)
  }, [max, quantity])

  const goods = useMemo<MallOrderGoods | null>(() => (spec && spec.stock > 0 ? { product_id: p.id, spec_id: spec.id, quantity } : null), [p.id, spec, quantity])
  const why = spec && spec.stock < p.limit_per_order ? t('mall.atMostStock', { n: spec.stock }) : t('mall.atMostLimit', { n: p.limit_per_order })

  return (
    <FormSheet name={mode === 'buy' ? 'mall-sheet' : 'mall-cart-sheet'} title={t(mode === 'buy' ? 'mall.sheet' : 'cart.addTitle')} busy={busy} onClose={onClose}>
      <View className='form-sheet__item'>
        <Text className='form-sheet__item-name'>{p.name}</Text>
        {spec && <Money className='form-sheet__item-price' cents={spec.price} />}
      </View>
      <Text className='form-sheet__label'>{t('mall.specs')}</Text>
      <SpecChips specs={p.specs} chosen={specId} onChoose={onSpec} />

      <View className='form-sheet__row'>
        <View className='form-sheet__row-label'>
          <Text>{t('mall.quantity')}</Text>
          <Text className='form-sheet__hint'>{why}</Text>
        </View>
        <QuantityStepper name='mall-stepper' value={quantity} max={max} onChange={setQuantity} onBeyond={() => toastInfo(why)} lessLabel={t('mall.less')} moreLabel={t('mall.more')} />
      </View>

      {mode === 'buy' ? (
        <MallCheckout store={p.store} pickup={p.pickup} spend={spec ? spec.price * quantity : 0} goods={goods} paying={busy} onPay={onPay} />
      ) : (
        <View className='form-sheet__bar'>
          <Button className='btn-pill form-sheet__pay mall-cart-sheet__add' disabled={!spec || spec.stock === 0 || busy || undefined} loading={busy} onClick={() => spec && onAdd(spec.id, quantity)}>
            {t('cart.add')}
          </Button>
        </View>
      )}
    </FormSheet>
  )
}
