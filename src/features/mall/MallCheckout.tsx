import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useMallCheckout } from '@/api/mall'
import { useOrderQuote } from '@/api/orders'
import CouponChoice, { usableCoupons } from '@/components/CouponChoice'
import Money from '@/components/Money'
import PendingOrderNotice from '@/components/PendingOrderNotice'
import QuoteError from '@/components/QuoteError'
import type { Address } from '@/contract/address'
import type { MallItemInput, OrderInfo, ProductOrderPayload } from '@/contract/order'
import { addressLine } from '@/contract/regionNames'
import { ADDRESS_SELECTED_EVENT } from '@/core/events'
import { centsToYuan } from '@/core/format'
import { useLang } from '@/core/i18n'
import { isRefusal } from '@/core/request'
import { routeUrl } from '@/routes'
import { useT } from './messages'
import './mall.css'

/** The unpaid order a refusal `order_unpaid_same_goods` names (docs/api.md "One unpaid order of the same goods"), or null. */
function unpaidOrderOf(error: unknown): OrderInfo | null {
  if (!isRefusal(error, 'order_unpaid_same_goods')) return null
  const data: unknown = error.data
  const order = data && typeof data === 'object' ? (data as { order?: unknown }).order : undefined
  return order && typeof order === 'object' && typeof (order as OrderInfo).id === 'number' && typeof (order as OrderInfo).pay_amount === 'number' ? (order as OrderInfo) : null
}

/** What is bought: one product's spec (Buy now) or a store's cart lines (the cart's checkout). */
export type MallOrderGoods = { product_id: number; spec_id: number; quantity: number } | { items: MallItemInput[] }

interface Props {
  /** The store selling it all (its coupons; pickup there). */
  store: { id: number; name: string; address: string }
  /** It can all be picked up at the store. */
  pickup: boolean
  /** The goods' price before discounts (which coupons it reaches). */
  spend: number
  /** null: not ready to price (no spec chosen, sold out). */
  goods: MallOrderGoods | null
  paying: boolean
  onPay: (payload: ProductOrderPayload) => void
}

/**
 * The lower half of a mall order's sheet (Buy now, the cart's checkout): delivery to an address (the default first;
 * Addresses to choose or add one) or pick-up at the store where allowed, a mall coupon, the server's price, pay.
 * What is shown to pay is always the server's quote for what is shown. An unpaid order of the same goods (issue 39) is
 * said in the price's place, with Pay and Cancel; cancelled, the price is asked again.
 */
export default function MallCheckout({ store, pickup, spend, goods, paying, onPay }: Props) {
  const t = useT()
  const lang = useLang()
  const [delivery, setDelivery] = useState<'ship' | 'pickup'>('ship')
  // The address chosen in Addresses (select mode), as it came back: it may be one just added there, which the
  // addresses read when the sheet opened do not have yet.
  const [chosen, setChosen] = useState<Address | null>(null)
  const [couponId, setCouponId] = useState<number | null>(null)
  const checkout = useMallCheckout(true)
  const addresses = checkout.data?.addresses ?? []
  const address: Address | null = chosen ? (addresses.find((a) => a.id === chosen.id) ?? chosen) : (addresses[0] ?? null)

  // An address chosen in Addresses (select mode) comes back here; the addresses are read again as the page shows
  // when a write there changed them (useMallCheckout; src/core/cache.ts).
  useEffect(() => {
    const onChosen = (a: Address) => setChosen(a)
    Taro.eventCenter.on(ADDRESS_SELECTED_EVENT, onChosen)
    return () => void Taro.eventCenter.off(ADDRESS_SELECTED_EVENT, onChosen)
  }, [])
  useEffect(() => {
    if (!pickup && delivery === 'pickup') setDelivery('ship')
  }, [pickup, delivery])

  const usable = usableCoupons(checkout.data?.coupons ?? [], 'product', spend, store.id)
  const chosenCoupon = usable.some((c) => c.id === couponId) ? couponId : null
  const payload = useMemo<ProductOrderPayload | null>(() => {
    if (!goods) return null
    if (delivery === 'ship' && !address) return null
    return {
      kind: 'product',
      source: 'mall',
      ...goods,
      delivery,
      ...(delivery === 'ship' && address ? { address_id: address.id } : {}),
      ...(chosenCoupon ? { coupon_id: chosenCoupon } : {}),
    }
  }, [goods, delivery, address, chosenCoupon])
  const { quote, loading, error, retryable, retry } = useOrderQuote(payload)
  // An unpaid order already holds these goods (back from the cashier): said with Pay and Cancel, no second order.
  const unpaid = unpaidOrderOf(error)
  // A pay attempt that came back to this sheet (refused, the payment sheet closed): the price is asked again — it may now
  // name the order that attempt made.
  const wasPaying = useRef(paying)
  useEffect(() => {
    if (wasPaying.current && !paying) retry()
    wasPaying.current = paying
  }, [paying, retry])

  const chooseAddress = () => void Taro.navigateTo({ url: routeUrl('pages/personal/address', { select: 1 }) })
  const saving = quote ? quote.member_discount_amount + quote.coupon_amount : 0

  return (
    <>
      {pickup && (
        <View className='form-sheet__row'>
          <Text className='form-sheet__row-label'>{t('mall.delivery')}</Text>
          <View className='mall-modes' role='radiogroup' aria-label={t('mall.delivery')}>
            {(['ship', 'pickup'] as const).map((m) => (
              <Text key={m} className={`mall-mode tap-slop mall-mode--${m}${delivery === m ? ' mall-mode--on' : ''}`} role='radio' tabIndex={0} aria-checked={delivery === m} onClick={() => setDelivery(m)}>
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
                {addressLine(lang, address)} ›
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
            <Text className='form-sheet__place-name mall-sheet__who'>{store.name}</Text>
            <Text className='form-sheet__hint'>{store.address}</Text>
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
        <View className='form-sheet__row mall-sheet__fee'>
          <Text>{t('mall.feeLine')}</Text>
          <Money cents={quote.fee_amount} />
        </View>
      )}
      {unpaid ? <PendingOrderNotice order={unpaid} showTitle onChanged={retry} /> : <QuoteError error={error} retryable={retryable} onRetry={retry} />}
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
    </>
  )
}
