import { Button, Image, Input, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useMemo, useState } from 'react'
import { useTakeoutConfirm } from '@/api/takeout'
import { reportSubscription, useSubscribeTemplates } from '@/api/takeoutSubscribe'
import { isNotFound } from '@/api/notFound'
import { useOrderQuote } from '@/api/orders'
import { usePendingOrder } from '@/api/pendingOrders'
import ChoiceSheet from '@/components/ChoiceSheet'
import CouponChoice, { usableCoupons } from '@/components/CouponChoice'
import LoadState from '@/components/LoadState'
import Money from '@/components/Money'
import PendingOrderNotice from '@/components/PendingOrderNotice'
import QuoteError from '@/components/QuoteError'
import { EmptyState } from '@/components/StateView'
import type { Address } from '@/contract/address'
import type { TakeoutOrderPayload } from '@/contract/order'
import type { TakeoutMode } from '@/contract/takeoutEndpoints'
import { formatDistance } from '@/contract/distance'
import { addressLine, regionName } from '@/contract/regionNames'
import { ADDRESS_SELECTED_EVENT } from '@/core/events'
import { centsToYuan } from '@/core/format'
import { useLang } from '@/core/i18n'
import { ApiError, assetUrl } from '@/core/request'
import { usePay } from '@/hooks/usePay'
import { subscribeMessages } from '@/platform/subscribe'
import { afterPay } from '@/payment/afterPay'
import { routeUrl } from '@/routes'
import { cartOrdered, cartOrderPaid, itemsOf, readCart, showLines, vanishedLines } from './cart'
import { rememberTakeoutAddress, takeoutAddress } from './Place'
import { wallTime } from './time'
import TimeSheet from './TimeSheet'
import { useT } from './messages'
import './takeout.css'

/** Confirm (`confirmOrder?shop_id=`): the shop's cart as the server prices it, how and when, then pay (kind takeout). */
export default function Confirm({ shopId }: { shopId: number }) {
  const q = useTakeoutConfirm(shopId, shopId > 0 ? routeUrl('pages/takeout/confirmOrder', { shop_id: shopId }) : undefined)
  return (
    <LoadState loading={q.loading && !q.data} error={q.data ? null : q.error} missing={!(shopId > 0) || isNotFound(q.error, 'shop')} loginTo={q.loginTo} onRetry={() => void q.reload()} rows={5}>
      {q.data && <ConfirmScreen {...q.data} />}
    </LoadState>
  )
}

type Data = NonNullable<ReturnType<typeof useTakeoutConfirm>['data']>

const TABLEWARE = [0, 1, 2, 3, 4, 5, 6, 8, 10]

function ConfirmScreen({ shop, menu, addresses, coupons }: Data) {
  const t = useT()
  const lang = useLang()
  const [lines] = useState(() => readCart(shop.id))
  const shown = useMemo(() => showLines(lines, menu), [lines, menu])
  // What changed since the cart was filled (issue 44): a price (paid at the new one, the server's), a dish gone (left out).
  const vanished = useMemo(() => vanishedLines(lines, menu), [lines, menu])
  const moved = shown.filter((s) => s.was !== null && !s.gone)
  const items = useMemo(() => itemsOf(shown), [shown])
  const [mode, setMode] = useState<TakeoutMode>('delivery')
  const [chosen, setChosen] = useState<Address | null>(null)
  // The address chosen here, else takeout's own (the list's "deliver to"), else the default (./Place.tsx).
  const address: Address | null = chosen ? (addresses.find((a) => a.id === chosen.id) ?? chosen) : takeoutAddress(addresses)
  const closed = shop.open.state !== 'open'
  const [slot, setSlot] = useState<string | null>(closed ? (shop.slots[0] ?? null) : null)
  const [sheet, setSheet] = useState<'time' | 'tableware' | null>(null)
  const [tableware, setTableware] = useState(1)
  const [remark, setRemark] = useState('')
  const [couponId, setCouponId] = useState<number | null>(null)
  const { pay, paying, error: payError } = usePay()
  // Back from the cashier (or the payment sheet closed): the unpaid order of this shop, with Pay and Cancel, as Pay a
  // bill says it. Placing the same cart again answers that order (the server's rule, docs/api.md "Takeout"); a cart
  // changed since is refused (`takeout_unpaid_order`, said in a toast) and the notice read again (issue 39).
  const pending = usePendingOrder('takeout', shop.id)
  const reloadPending = pending.reload
  useEffect(() => {
    if (payError instanceof ApiError && payError.reason === 'takeout_unpaid_order') void reloadPending()
  }, [payError, reloadPending])
  const tmplIds = useSubscribeTemplates(subscribeMessages.supported)

  useEffect(() => {
    const onChosen = (a: Address) => {
      rememberTakeoutAddress(a)
      setChosen(a)
    }
    Taro.eventCenter.on(ADDRESS_SELECTED_EVENT, onChosen)
    return () => void Taro.eventCenter.off(ADDRESS_SELECTED_EVENT, onChosen)
  }, [])

  const listTotal = shown.filter((s) => !s.gone).reduce((n, s) => n + s.unit * s.line.quantity, 0)
  const usable = usableCoupons(coupons, 'takeout', listTotal, shop.id)
  const chosenCoupon = usable.some((c) => c.id === couponId) ? couponId : null
  // The server prices what is shown as soon as it is chosen: an address beyond the radius is refused here, before paying.
  const payload = useMemo<TakeoutOrderPayload | null>(() => {
    if (items.length === 0) return null
    if (mode === 'delivery' && !address) return null
    return {
      kind: 'takeout',
      shop_id: shop.id,
      items,
      mode,
      ...(mode === 'delivery' && address ? { address_id: address.id } : {}),
      ...(slot ? { slot } : {}),
      tableware,
      ...(remark.trim() ? { remark: remark.trim() } : {}),
      ...(chosenCoupon ? { coupon_id: chosenCoupon } : {}),
    }
  }, [items, mode, address, slot, tableware, remark, shop.id, chosenCoupon])
  const { quote, loading, error, retryable, retry } = useOrderQuote(payload, { debounceMs: 250 })

  if (items.length === 0)
    return <EmptyState title={t('to.cartGone')} hint={t('to.cartGoneHint')} actionText={t('to.backToMenu')} onAction={() => void Taro.redirectTo({ url: routeUrl('pages/takeout/detail', { id: shop.id }) })} />

  const onPay = async () => {
    if (!payload || !quote) return
    // First and synchronous in the tap (WeChat refuses it after an await); never waited for before paying.
    const answers = subscribeMessages.ask(tmplIds)
    const outcome = await pay(payload).catch(() => undefined)
    if (outcome) void reportSubscription(outcome.order.id, answers)
    // The cart stays until the order is seen paid (here, or on the order page the cashier returns to): a shopper
    // who leaves the cashier or closes the payment sheet finds it as it was, and the menu tells of the unpaid order.
    if (outcome) {
      cartOrdered(shop.id, outcome.order.id)
      if (outcome.status === 'paid') cartOrderPaid(shop.id, outcome.order.id)
    }
    afterPay(outcome)
  }
  const chooseAddress = () => void Taro.navigateTo({ url: routeUrl('pages/personal/address', { select: 1 }) })
  const asapAt = quote?.takeout && !slot ? quote.takeout.promised_at : shop.asap_at
  const td = quote?.takeout

  return (
    <View className='to-confirm'>
      <PendingOrderNotice order={pending.data} onChanged={pending.reload} />
      {(moved.length > 0 || vanished.length > 0) && (
        <View className='to-changed' role='status'>
          <Text className='to-changed__title'>{t('to.changedTitle')}</Text>
          {moved.map((s) => (
            <Text key={`m:${s.line.dish_id}:${s.line.option_ids.join(',')}`} className='to-changed__line to-changed__moved'>
              {t('to.changedPrice', { name: s.dish.name, was: centsToYuan(s.was ?? 0), now: centsToYuan(s.unit) })}
            </Text>
          ))}
          {vanished.map((v) => (
            <Text key={`v:${v.line.dish_id}:${v.line.option_ids.join(',')}`} className='to-changed__line to-changed__vanished'>
              {t('to.vanished', { name: v.name })}
            </Text>
          ))}
        </View>
      )}
      {shop.settings.pickup && (
        <View className='to-modes' role='radiogroup' aria-label={t('to.mode')}>
          {(['delivery', 'pickup'] as const).map((m) => (
            <Text key={m} className={`to-mode to-mode--${m}${mode === m ? ' to-mode--on' : ''}`} role='radio' tabIndex={0} aria-checked={mode === m} onClick={() => setMode(m)}>
              {t(m === 'delivery' ? 'to.delivery' : 'to.pickupMode')}
            </Text>
          ))}
        </View>
      )}

      <View className='to-card'>
        {mode === 'delivery' ? (
          <View className='to-row to-row--address' role='button' tabIndex={0} onClick={chooseAddress}>
            <Text className='to-row__label'>{t('to.address')}</Text>
            {address ? (
              <View className='to-row__place'>
                <Text className='to-row__who'>
                  {address.name} {address.mobile}
                </Text>
                <Text className='to-row__hint'>
                  {addressLine(lang, address)} ›
                </Text>
              </View>
            ) : (
              <Text className='to-row__value to-row__value--link'>{t('to.chooseAddress')}</Text>
            )}
          </View>
        ) : (
          <View className='to-row'>
            <Text className='to-row__label'>{t('to.pickupAt')}</Text>
            <View className='to-row__place'>
              <Text className='to-row__who'>{shop.name}</Text>
              <Text className='to-row__hint'>{shop.address}</Text>
            </View>
          </View>
        )}
        <View className='to-row to-row--time' role='button' tabIndex={0} onClick={() => setSheet('time')}>
          <Text className='to-row__label'>{t(mode === 'pickup' ? 'to.whenPickup' : 'to.when')}</Text>
          <Text className='to-row__value to-row__value--link'>
            {slot ? `${t('to.scheduled', { time: wallTime(slot) })} ›` : asapAt ? `${t(mode === 'pickup' ? 'to.asapPickup' : 'to.asap', { time: wallTime(asapAt) })} ›` : t('to.noSlots')}
          </Text>
        </View>
        {td?.preorder_opens_at && <Text className='to-note'>{t('to.preorderNote', { time: wallTime(td.preorder_opens_at) })}</Text>}
        {/* The address's pin lies outside its district: the server measured from the district's centre (issue 43). */}
        {td?.point === 'outside_district' && address && <Text className='to-note to-note--point'>{t('to.pointOutside', { district: regionName(lang, address.district) })}</Text>}
      </View>
      {/* Right under the address and time: a refusal (beyond the radius, closed, a dish sold out) before paying. */}
      <QuoteError error={error} retryable={retryable} onRetry={retry} />

      <View className='to-card'>
        <Text className='to-card__title'>{shop.name}</Text>
        {shown
          .filter((s) => !s.gone)
          .map((s) => (
            <View key={`${s.line.dish_id}:${s.line.option_ids.join(',')}`} className='to-item'>
              <Image className='to-item__img' src={assetUrl(s.dish.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
              <View className='to-item__what'>
                <Text className='to-item__name'>{s.dish.name}</Text>
                {s.optionNames.length > 0 && <Text className='to-item__opts'>{s.optionNames.join(' / ')}</Text>}
                <Text className='to-item__qty'>× {s.line.quantity}</Text>
              </View>
              <Money className='to-item__price' cents={s.unit * s.line.quantity} />
            </View>
          ))}
        {td && (
          <>
            <View className='to-row to-row--fee'>
              <Text className='to-row__label'>{t('to.packing')}</Text>
              <Money className='to-row__value' cents={td.packing_fee} />
            </View>
            {td.mode === 'delivery' && (
              <View className='to-row to-row--fee'>
                <Text className='to-row__label'>
                  {t('to.deliveryLine')}
                  {td.distance !== null ? ` · ${formatDistance(td.distance)}` : ''}
                </Text>
                <Money className='to-row__value' cents={td.delivery_fee} />
              </View>
            )}
          </>
        )}
        <CouponChoice className='to-row to-row--coupon' usable={usable} chosenId={chosenCoupon} onChange={setCouponId} amountOff={quote?.coupon_amount} />
        {quote && quote.member_discount_amount > 0 && (
          <View className='to-row to-row--member'>
            <Text className='to-row__label'>{t('to.memberDiscount')}</Text>
            <Text className='to-row__value to-row__value--minus'>-¥{centsToYuan(quote.member_discount_amount)}</Text>
          </View>
        )}
      </View>

      <View className='to-card'>
        <View className='to-row to-row--remark'>
          <Text className='to-row__label' id='to-remark-label'>
            {t('to.remark')}
          </Text>
          <Input className='to-row__input' value={remark} maxlength={50} placeholder={t('to.remarkPlaceholder')} aria-labelledby='to-remark-label' onInput={(e) => setRemark(e.detail.value)} />
        </View>
        <View className='to-row to-row--tableware' role='button' tabIndex={0} onClick={() => setSheet('tableware')}>
          <Text className='to-row__label'>{t('to.tableware')}</Text>
          <Text className='to-row__value to-row__value--link'>{tableware === 0 ? t('to.tablewareNone') : tableware === 1 ? t('to.tablewareOne') : t('to.tablewareN', { n: tableware })} ›</Text>
        </View>
      </View>

      <View className='to-pay'>
        <View className='to-pay__sum'>
          <Text className='to-pay__label'>{t('to.payable')}</Text>
          {quote ? <Money className='to-pay__amount' cents={quote.pay_amount} /> : <Text className='to-pay__amount to-pay__amount--pending'>{loading ? t('to.quoting') : '—'}</Text>}
        </View>
        <Button className='btn-pill to-pay__btn' disabled={!quote || !payload || paying || undefined} loading={paying} onClick={() => void onPay()}>
          {t('to.pay')}
        </Button>
      </View>

      {sheet === 'time' && (
        <TimeSheet
          title={t(mode === 'pickup' ? 'to.whenPickup' : 'to.when')}
          slots={shop.slots}
          asap={closed ? null : t(mode === 'pickup' ? 'to.asapPickup' : 'to.asap', { time: wallTime(asapAt) })}
          chosen={slot}
          onPick={(s) => {
            setSlot(s)
            setSheet(null)
          }}
          onClose={() => setSheet(null)}
        />
      )}
      <ChoiceSheet
        id='to-tableware-sheet'
        open={sheet === 'tableware'}
        title={t('to.tableware')}
        choices={TABLEWARE.map((n) => ({ key: n, label: n === 0 ? t('to.tablewareNone') : n === 1 ? t('to.tablewareOne') : t('to.tablewareN', { n }), selected: n === tableware }))}
        cancelText={t('to.cancel')}
        onPick={(i) => {
          setTableware(TABLEWARE[i])
          setSheet(null)
        }}
        onClose={() => setSheet(null)}
      />
    </View>
  )
}
