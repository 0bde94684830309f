import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useMemo, useState } from 'react'
import { useMallCheckout } from '@/api/mall'
import { useOrderQuote } from '@/api/orders'
import CouponChoice, { usableCoupons } from '@/components/CouponChoice'
import FormSheet from '@/components/FormSheet'
import Money from '@/components/Money'
import QuantityStepper from '@/components/QuantityStepper'
import QuoteError from '@/components/QuoteError'
import type { Address } from '@/contract/address'
import type { MallProductDetail } from '@/contract/mall'
import type { ProductOrderPayload } from '@/contract/order'
import { ADDRESS_SELECTED_EVENT } from '@/core/events'
import { toastInfo } from '@/core/feedback'
import { centsToYuan } from '@/core/format'
import { routeUrl } from '@/routes'
import SpecChips from './SpecChips'
import { useT } from './messages'
import './mall.css'

interface Props {
  product: MallProductDetail
  specId: number | null
  onSpec: (id: number) => void
  paying: boolean
  onPay: (payload: ProductOrderPayload) => void
  onClose: () => void
}

/**
 * Buy now: spec, quantity (up to the spec's stock and the per-order limit, saying which stops it), delivery to an
 * address (the default first; Addresses to choose or add one) or pick-up at the store where allowed, a mall coupon,
 * the server's price, pay. What is shown to pay is always the server's quote for what is shown.
 */
export default function MallBuySheet({ product: p, specId, onSpec, paying, onPay, onClose }: Props) {
  const t = useT()
  const spec = p.specs.find((s) => s.id === specId) ?? null
  const [quantity, setQuantity] = useState(1)
  const [delivery, setDelivery] = useState<'ship' | 'pickup'>('ship')
  // The address chosen in Addresses (select mode), as it came back: it may be one just added there, which the
  // addresses read when the sheet opened do not have yet.
  const [chosen, setChosen] = useState<Address | null>(null)
  const [couponId, setCouponId] = useState<number | null>(null)
  const checkout = useMallCheckout(true)
  const addresses = checkout.data?.addresses ?? []
  const address: Address | null = chosen ? (addresses.find((a) => a.id === chosen.id) ?? chosen) : (addresses[0] ?? null)
  const max = spec ? Math.max(1, Math.min(spec.stock, p.limit_per_order)) : 1

  // A smaller stock under the chosen spec brings the quantity down with it.
  useEffect(() => {
    if (quantity > max) setQuantity(max)
  }, [max, quantity])
  // An address chosen in Addresses (select mode) comes back here; the addresses are read again as the page shows
  // (useMallCheckout: reloadOnReturn).
  useEffect(() => {
    const onChosen = (a: Address) => setChosen(a)
    Taro.eventCenter.on(ADDRESS_SELECTED_EVENT, onChosen)
    return () => void Taro.eventCenter.off(ADDRESS_SELECTED_EVENT, onChosen)
  }, [])

  const spend = spec ? spec.price * quantity : 0
  const usable = usableCoupons(checkout.data?.coupons ?? [], 'product', spend, p.store.id)
  const chosenCoupon = usable.some((c) => c.id === couponId) ? couponId : null
  const payload = useMemo<ProductOrderPayload | null>(() => {
    if (!spec || spec.stock === 0) return null
    if (delivery === 'ship' && !address) return null
    return {
      kind: 'product',
      source: 'mall',
      product_id: p.id,
      spec_id: spec.id,
      quantity,
      delivery,
      ...(delivery === 'ship' && address ? { address_id: address.id } : {}),
      ...(chosenCoupon ? { coupon_id: chosenCoupon } : {}),
    }
  }, [p.id, spec, quantity, delivery, address, chosenCoupon])
  const { quote, loading, error, retryable, retry } = useOrderQuote(payload)

  const why = spec && spec.stock < p.limit_per_order ? t('mall.atMostStock', { n: spec.stock }) : t('mall.atMostLimit', { n: p.limit_per_order })
  const chooseAddress = () => void Taro.navigateTo({ url: routeUrl('pages/personal/address', { select: 1 }) })
  const saving = quote ? quote.member_discount_amount + quote.coupon_amount : 0

  return (
    <FormSheet name='mall-sheet' title={t('mall.sheet')} busy={paying} onClose={onClose}>
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

      {p.pickup && (
        <View className='form-sheet__row'>
          <Text className='form-sheet__row-label'>{t('mall.delivery')}</Text>
          <View className='mall-modes' role='radiogroup' aria-label={t('mall.delivery')}>
            {(['ship', 'pickup'] as const).map((m) => (
              <Text key={m} className={`mall-mode mall-mode--${m}${delivery === m ? ' mall-mode--on' : ''}`} role='radio' tabIndex={0} aria-checked={delivery === m} onClick={() => setDelivery(m)}>
                {t(m === 'ship' ? 'mall.ship' : 'mall.pickup')}
              </Text>
            ))}
          </View>
        </View>
      )}

      {delivery === 'ship' ? (
        <View className='form-sheet__row mall-sheet__address' role='button' tabIndex={0} onClick={chooseAddress}>
          <Text className='form-sheet__row-label'>{t('mall.address')}</Text>
          {address ? (
            <View className='form-sheet__place'>
              <Text className='form-sheet__place-name mall-sheet__who'>
                {address.name} {address.mobile}
              </Text>
              <Text className='form-sheet__hint mall-sheet__hint'>
                {address.province}
                {address.city}
                {address.district}
                {address.detail} ›
              </Text>
            </View>
          ) : (
            <Text className='mall-sheet__add'>{checkout.loading ? t('common.loading') : `${t('mall.addAddress')} ›`}</Text>
          )}
        </View>
      ) : (
        <View className='form-sheet__row mall-sheet__pickup'>
          <Text className='form-sheet__row-label'>{t('mall.pickupAt')}</Text>
          <View className='form-sheet__place'>
            <Text className='form-sheet__place-name mall-sheet__who'>{p.store.name}</Text>
            <Text className='form-sheet__hint'>{p.store.address}</Text>
          </View>
        </View>
      )}

      <CouponChoice className='form-sheet__row mall-sheet__coupon' usable={usable} chosenId={chosenCoupon} onChange={setCouponId} amountOff={quote?.coupon_amount} />
      {quote && quote.member_discount_amount > 0 && (
        <View className='form-sheet__row'>
          <Text>{t('mall.memberSaving')}</Text>
          <Text className='mall-sheet__minus'>-¥{centsToYuan(quote.member_discount_amount)}</Text>
        </View>
      )}
      {quote && quote.fee_amount > 0 && (
        <View className='form-sheet__row'>
          <Text>{t('mall.feeLine')}</Text>
          <Money cents={quote.fee_amount} />
        </View>
      )}
      <QuoteError error={error} retryable={retryable} onRetry={retry} />
      <View className='form-sheet__bar'>
        <View className='form-sheet__total'>
          <Text className='form-sheet__payable-label'>{t('mall.payable')}</Text>
          {quote ? (
            <Money className='form-sheet__payable mall-sheet__payable' cents={quote.pay_amount} />
          ) : (
            <Text className='form-sheet__payable form-sheet__payable--pending mall-sheet__payable mall-sheet__payable--pending'>{loading ? t('mall.quoting') : '—'}</Text>
          )}
          {quote && saving > 0 && <Text className='form-sheet__saving'>{t('mall.saving', { amount: `¥${centsToYuan(saving)}` })}</Text>}
        </View>
        <Button className='btn-pill form-sheet__pay mall-sheet__pay' disabled={!quote || !payload || paying || undefined} loading={paying} onClick={() => payload && onPay(payload)}>
          {t('mall.pay')}
        </Button>
      </View>
    </FormSheet>
  )
}
