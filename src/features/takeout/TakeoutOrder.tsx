import { Button, Image, Text, Textarea, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { requestTakeout, useTakeoutOrder } from '@/api/takeout'
import { isNotFound } from '@/api/notFound'
import LoadState from '@/components/LoadState'
import Money from '@/components/Money'
import { QrCode } from '@/components/MemberCode'
import { showPlace } from '@/components/PlaceMap/showPlace'
import type { OrderInfo } from '@/contract/order'
import type { TakeoutOrderAnswer, TakeoutView } from '@/contract/takeout'
import { TAKEOUT_CAPS } from '@/contract/takeoutCart'
import { TAKEOUT_RATING_WORDS_MAX, TAKEOUT_WATCH } from '@/contract/takeoutEndpoints'
import { canRefund, cancelNotRefund, payStage } from '@/contract/orderRules'
import { askAgain } from '@/core/cache'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { assetUrl, errorMessage } from '@/core/request'
import { useAction } from '@/hooks/useAction'
import { useLiveChanges, type LiveMode } from '@/hooks/useLiveChanges'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { phone } from '@/platform/phone'
import { routeUrl } from '@/routes'
import { cartOrderPaid, readCart, writeCart } from './cart'
import { wallTime } from './time'
import { useT } from './messages'
import './takeout.css'

/** How often the order is read again while it shows when there is no live stream (the fallback: useLiveChanges). */
export const POLL_MS = 3000

/**
 * Stages with no live status: after them nothing more moves, and an unpaid order moves only by the shopper's own
 * payment (the page reads again when shown after the cashier) — the server refuses to watch either (`live_not_watchable`).
 */
const SETTLED = new Set<TakeoutView['stage']>(['unpaid', 'delivered', 'picked_up', 'cancelled', 'refused', 'refunded'])
/** Stages where the order's progress is over before it got anywhere, or its money is (being) given back: its refund shows, not the steps. */
const CLOSED = new Set<TakeoutView['stage']>(['cancelled', 'refused', 'refunding', 'refunded'])
/** Stages after which the same dishes can be ordered again. */
const AGAIN = new Set<TakeoutView['stage']>(['delivered', 'picked_up', 'cancelled', 'refused', 'refunding', 'refunded'])

/**
 * The refund's part of the page, composed by the route (pages/takeout/orderDetail) from My orders' refund timeline and
 * form, so that this feature does not import another: the timeline (amount, where it goes back, its steps, withdraw or
 * ask again) while there is one, and the form while `asking`.
 */
export interface RefundSlot {
  order: OrderInfo
  asking: boolean
  ask: () => void
  close: () => void
}

/** What the shopper came to do (My orders' button): ask for a refund, or cancel an order not accepted yet. */
export type OrderAsk = 'refund' | 'cancel'

interface Props {
  id: number
  ask?: OrderAsk
  refund?: (slot: RefundSlot) => ReactNode
}

/** Answers numbered as they arrive: of two with the same version, the later one is what the server says now. */
let arrived = 0

/**
 * A takeout order (`orderDetail?id=`): where it stands on a timeline, the promised time, the pickup number and QR
 * code beside where to collect it (address and map, hours, phone), the rider (a call while out for delivery), the shop's
 * number in full with a call, the money as lines that add up, the refund (its amount, where it goes back, its steps),
 * cancel before acceptance or ask for a refund after, order again, and the rating once finished. While it shows it
 * follows the store's moves without a reload: a live stream says when the order moved and it reads itself again
 * (polling every few seconds where there is no stream); stopped when hidden or settled.
 */
export default function TakeoutOrder({ id, ask, refund }: Props) {
  const q = useTakeoutOrder(id, id > 0 ? routeUrl('pages/takeout/orderDetail', { id, ...(ask ? { ask } : {}) }) : undefined)
  const [live, setLive] = useState<{ n: number; data: TakeoutOrderAnswer } | null>(null)
  const read = useMemo(() => (q.data ? { n: ++arrived, data: q.data } : null), [q.data])
  // The newer of the two: by the order's version, then by arrival (a refund request moves the status, not the version).
  const data = !read ? (live?.data ?? null) : !live ? read.data : live.data.takeout.updated_at !== read.data.takeout.updated_at ? (live.data.takeout.updated_at > read.data.takeout.updated_at ? live.data : read.data) : live.n > read.n ? live.data : read.data
  usePullRefresh(q.reload)
  const changed = useCallback((a: TakeoutOrderAnswer) => setLive({ n: ++arrived, data: a }), [])

  // Live while visible: a stream tells of each move (its version is the view's updated_at:status) and the order is
  // read again; polling where there is no stream (src/hooks/useLiveChanges.ts).
  const stage = data?.takeout.stage
  const poll = useCallback(() => {
    if (!(id > 0)) return
    void askAgain(() => requestTakeout('personal.takeout/read', { id })).then(changed, () => undefined)
  }, [id, changed])
  const version = useRef<string | null>(null)
  version.current = data ? `${data.takeout.updated_at}:${data.takeout.status}` : null
  const liveMode = useLiveChanges({
    path: TAKEOUT_WATCH.order,
    query: { id },
    enabled: !!q.data && id > 0 && !(stage && SETTLED.has(stage)),
    onSignal: (signal) => {
      if (signal.changed_at !== version.current) poll()
    },
    poll,
    pollMs: POLL_MS,
  })
  // Seen paid (the cashier returns here): the cart the order was made from is emptied; until then it was kept.
  const paidShop = data && payStage(data.info.order_status) !== 'unpaid' && data.takeout.stage !== 'unpaid' && data.takeout.stage !== 'cancelled' ? data.takeout.shop.id : null
  const orderId = data?.info.id
  useEffect(() => {
    if (paidShop !== null && orderId) cartOrderPaid(paidShop, orderId)
  }, [paidShop, orderId])

  return (
    <LoadState loading={q.loading && !data} error={data ? null : q.error} missing={!(id > 0) || isNotFound(q.error, 'order')} loginTo={q.loginTo} onRetry={() => void q.reload()} rows={5}>
      {data && <OrderScreen data={data} fresh={!q.loading} live={liveMode} ask={ask} refund={refund} onChanged={changed} />}
    </LoadState>
  )
}

interface ScreenProps {
  data: TakeoutOrderAnswer
  /** The read has settled (an answer the request client kept counts: it keeps only fresh ones); `ask` is judged on it. */
  fresh: boolean
  live: LiveMode
  ask?: OrderAsk
  refund?: (slot: RefundSlot) => ReactNode
  onChanged: (a: TakeoutOrderAnswer) => void
}

function OrderScreen({ data, fresh, live, ask, refund, onChanged }: ScreenProps) {
  const t = useT()
  const { info, takeout: v, shop, money } = data
  const [asking, setAsking] = useState(false)
  const cancel = useAction(async () => {
    if (!(await confirmAction(t('to.cancelAsk'), t('to.cancelYes'), t('to.cancelNo')))) return
    try {
      onChanged(await requestTakeout('personal.takeout/cancel', { id: info.id }))
      toastSuccess(t('to.cancelled'))
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
  const confirm = useAction(async () => {
    try {
      onChanged(await requestTakeout('personal.takeout/confirm', { id: info.id }))
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
  const pickup = v.mode === 'pickup'
  const moving = !['delivered', 'picked_up', 'cancelled', 'refused', 'refunded', 'refunding', 'unpaid'].includes(v.stage)
  const closed = CLOSED.has(v.stage)
  // A refund by request once the store accepted it; before that the order is cancelled (refunded at once).
  const refundable = canRefund(info.order_status) && !cancelNotRefund(info.kind, info.order_status) && !info.refund?.can_ask_again

  // My orders' button brought the shopper here to do this: done once, on the order as the server says it now, if it allows it.
  const asked = useRef(false)
  useEffect(() => {
    if (asked.current || !ask || !fresh) return
    asked.current = true
    if (ask === 'refund' && refundable) setAsking(true)
    if (ask === 'cancel' && v.can_cancel) void cancel.run()
  }, [ask, fresh, refundable, v.can_cancel, cancel])

  return (
    <View className={`to-order to-order--${v.mode}`} data-live={live}>
      <View className={`to-status to-status--${v.stage}`} role='status' aria-live='polite'>
        <View className='to-status__head'>
          <Text className='to-status__stage'>{t(`to.stage.${v.stage}`)}</Text>
          {v.pickup_no && !pickup && <Text className='to-status__no'>#{v.pickup_no}</Text>}
        </View>
        {moving && <Text className='to-status__promised'>{t(pickup ? 'to.promisedPickup' : 'to.promised', { time: wallTime(v.promised_at) })}</Text>}
        {v.scheduled_for && moving && <Text className='to-status__note'>{t('to.scheduled', { time: wallTime(v.scheduled_for) })}</Text>}
        {v.stage === 'awaiting_accept' && v.accept_by && <Text className='to-status__note'>{t('to.acceptBy', { time: wallTime(v.accept_by) })}</Text>}
        {v.refusal && (
          <Text className='to-status__note to-status__refusal'>
            {v.refusal.by === 'store' ? t('to.refusedBy.store', { reason: v.refusal.reason ?? '' }) : t(`to.refusedBy.${v.refusal.by}`)}
          </Text>
        )}
      </View>

      {/* Cancelled or refunded: the refund (amount, where it goes back, its steps), not a progress that stopped. */}
      {refund?.({ order: info, asking, ask: () => setAsking(true), close: () => setAsking(false) })}

      {!closed && v.steps.length > 0 && (
        <View className='to-card to-steps' role='list'>
          {v.steps.map((s) => (
            <View key={s.key} className={`to-step-row to-step-row--${s.state}`} role='listitem' aria-current={s.state === 'current' ? 'step' : undefined}>
              <View className='to-step-row__dot' aria-hidden='true' />
              <Text className='to-step-row__name'>{t(`to.step.${s.key}`)}</Text>
              {s.at && <Text className='to-step-row__at'>{wallTime(s.at)}</Text>}
            </View>
          ))}
        </View>
      )}

      {pickup && !closed && (
        <View className='to-card to-pickup'>
          {v.pickup_no && (
            <>
              <Text className='to-pickup__label'>{t('to.pickupNo')}</Text>
              <Text className='to-pickup__no'>{v.pickup_no}</Text>
            </>
          )}
          {v.pickup_code && (
            <>
              <View className='to-pickup__qr'>
                <QrCode value={v.pickup_code} label={t('to.pickupQr', { code: v.pickup_code })} />
              </View>
              <Text className='to-pickup__hint'>{t('to.pickupCode')}</Text>
              <Text className='to-pickup__code'>{v.pickup_code}</Text>
            </>
          )}
          <PickupPlace shop={data.shop} alone={!v.pickup_no && !v.pickup_code} />
        </View>
      )}

      {v.rider && <RiderCard rider={v.rider} callable={data.rider_phone} />}

      <ShopContact shop={shop} />

      <View className='to-card to-bill'>
        <Text className='to-card__title'>{shop.name}</Text>
        {(info.lines ?? []).map((l, i) => (
          <View key={i} className='to-item'>
            {l.image && <Image className='to-item__img' src={assetUrl(l.image)} mode='aspectFill' nativeProps={{ alt: '' }} />}
            <View className='to-item__what'>
              <Text className='to-item__name'>{l.name}</Text>
              {l.spec && <Text className='to-item__opts'>{l.spec}</Text>}
              <Text className='to-item__qty'>× {l.quantity}</Text>
            </View>
            <Money className='to-item__price' cents={l.price * l.quantity} />
          </View>
        ))}
        <View className='to-money' role='list' aria-label={t('to.moneyTitle')}>
          <MoneyRow name='dishes' label={t('to.moneyDishes')} cents={money.dishes} />
          {money.packing_fee !== null && <MoneyRow name='packing' label={t('to.packing')} cents={money.packing_fee} />}
          {money.delivery_fee !== null && <MoneyRow name='delivery' label={t('to.deliveryLine')} cents={money.delivery_fee} />}
          {money.packing_fee === null && money.delivery_fee === null && money.fees > 0 && <MoneyRow name='fees' label={t('to.moneyFees')} cents={money.fees} />}
          {money.discount > 0 && <MoneyRow name='discount' label={t('to.memberDiscount')} cents={-money.discount} />}
          {money.coupon > 0 && <MoneyRow name='coupon' label={t('to.moneyCoupon')} cents={-money.coupon} />}
          <MoneyRow name='paid' label={t(payStage(info.order_status) === 'unpaid' ? 'to.payable' : 'to.payAmount')} cents={money.paid} strong />
        </View>
      </View>

      {(data.rating || data.rate_until) && <RatingCard key={info.id} data={data} onChanged={onChanged} />}

      <View className='to-card'>
        {v.address && (
          <View className='to-row'>
            <Text className='to-row__label'>{t('to.address')}</Text>
            <View className='to-row__place'>
              <Text className='to-row__who'>
                {v.address.name} {v.address.phone}
              </Text>
              <Text className='to-row__hint'>{v.address.text}</Text>
            </View>
          </View>
        )}
        <View className='to-row'>
          <Text className='to-row__label'>{t('to.orderNo')}</Text>
          <Text className='to-row__value'>{info.order_no}</Text>
        </View>
        <View className='to-row'>
          <Text className='to-row__label'>{t('to.orderTime')}</Text>
          <Text className='to-row__value'>{info.create_time}</Text>
        </View>
        {v.remark !== '' && (
          <View className='to-row'>
            <Text className='to-row__label'>{t('to.remark')}</Text>
            <Text className='to-row__value'>{v.remark}</Text>
          </View>
        )}
      </View>

      {moving && <Text className='to-live'>{t('to.live')}</Text>}

      <View className='to-actions'>
        {v.can_cancel && (
          <Button className='btn-outline to-actions__btn to-actions__cancel' disabled={cancel.busy || undefined} loading={cancel.busy} onClick={() => void cancel.run()}>
            {t('to.cancelOrder')}
          </Button>
        )}
        {refundable && (
          <Button className='btn-outline to-actions__btn to-actions__refund' onClick={() => setAsking(true)}>
            {t('to.refund')}
          </Button>
        )}
        {v.can_confirm && (
          <Button className='btn-pill to-actions__btn to-actions__confirm' disabled={confirm.busy || undefined} loading={confirm.busy} onClick={() => void confirm.run()}>
            {t('to.confirmDelivered')}
          </Button>
        )}
        {AGAIN.has(v.stage) && data.again.length > 0 && <OrderAgain shopId={shop.id} data={data} />}
        <Button className='btn-outline to-actions__btn to-actions__more' onClick={() => void Taro.navigateTo({ url: routeUrl('pages/orders/detail', { id: info.id }) })}>
          {t('to.orderMore')}
        </Button>
      </View>
    </View>
  )
}

function MoneyRow({ name, label, cents, strong = false }: { name: string; label: string; cents: number; strong?: boolean }) {
  return (
    <View className={`to-row to-money__row to-money__row--${name}`} role='listitem'>
      <Text className='to-row__label'>{label}</Text>
      <Text className={`to-row__value${strong ? ' to-row__value--strong' : cents < 0 ? ' to-row__value--minus' : ''}`}>
        {cents < 0 ? '-' : ''}
        <Money cents={Math.abs(cents)} />
      </Text>
    </View>
  )
}

/** "10:00–14:00 16:30–22:00", or open round the clock. */
function hoursText(t: ReturnType<typeof useT>, hours: TakeoutOrderAnswer['shop']['hours']): string {
  if (hours.some((h) => h.open === '00:00' && h.close === '24:00')) return t('to.allDay')
  return t('to.hours', { hours: hours.map((h) => `${h.open}–${h.close}`).join(' ') })
}

/** Where a pickup order is collected, beside its code: the shop's address (tap: the platform's map) and its hours. */
function PickupPlace({ shop, alone }: { shop: TakeoutOrderAnswer['shop']; alone: boolean }) {
  const t = useT()
  const open = () => void showPlace({ lat: shop.lat, lng: shop.lng, name: shop.name, address: shop.address })
  return (
    <View className={`to-place${alone ? ' to-place--alone' : ''}`}>
      <Text className='to-place__label'>{t('to.pickupAt')}</Text>
      <Text className='to-place__name'>{shop.name}</Text>
      <View className='to-place__where' role='link' tabIndex={0} onClick={open}>
        <Text className='to-place__address'>{shop.address}</Text>
        <Text className='to-place__map'>{t('to.placeMap')} ›</Text>
      </View>
      <Text className='to-place__hours'>{hoursText(t, shop.hours)}</Text>
    </View>
  )
}

/** The shop's number in full (to read, or copy on a computer) with a call: makePhoneCall on weapp, a tel: link on H5. */
function ShopContact({ shop }: { shop: TakeoutOrderAnswer['shop'] }) {
  const t = useT()
  if (!shop.phone) return null
  const copy = () =>
    void Taro.setClipboardData({ data: shop.phone })
      .then(() => toastSuccess(t('common.copied')))
      .catch(() => undefined)
  return (
    <View className='to-card to-contact'>
      <View className='to-contact__who'>
        <Text className='to-contact__label'>{t('to.shopPhone')}</Text>
        <Text className='to-contact__number' userSelect>
          {shop.phone}
        </Text>
      </View>
      <Button className='btn-outline to-contact__btn to-contact__copy' aria-label={t('to.copyNumber', { number: shop.phone })} onClick={copy}>
        {t('common.copy')}
      </Button>
      <Button className='btn-pill to-contact__btn to-contact__call' aria-label={t('to.callShopNumber', { number: shop.phone })} onClick={() => phone.call(shop.phone)}>
        {t('to.call')}
      </Button>
    </View>
  )
}

/**
 * The rider: named, the number masked — except while the order is out for delivery, when its shopper gets it in full
 * with a call (docs/decisions/2026-12-06-takeout-calls-and-ratings.md).
 */
function RiderCard({ rider, callable }: { rider: NonNullable<TakeoutView['rider']>; callable: string | null }) {
  const t = useT()
  return (
    <View className='to-card to-rider to-contact'>
      <View className='to-contact__who'>
        <Text className='to-rider__text to-contact__label'>{t('to.riderName', { name: rider.name })}</Text>
        <Text className='to-contact__number to-rider__phone' userSelect={callable !== null}>
          {callable ?? rider.phone}
        </Text>
      </View>
      {callable && (
        <Button className='btn-pill to-contact__btn to-rider__call' aria-label={t('to.callRiderNumber', { number: callable })} onClick={() => phone.call(callable)}>
          {t('to.call')}
        </Button>
      )}
    </View>
  )
}

/**
 * Order again: the cart of the shop refilled with the same dishes and options (the menu prices them as it says now and
 * drops what left it; a sold-out dish is shown as such there), then the menu. A cart with other dishes is replaced only
 * after asking.
 */
function OrderAgain({ shopId, data }: { shopId: number; data: TakeoutOrderAnswer }) {
  const t = useT()
  const again = useAction(async () => {
    if (readCart(shopId).length > 0 && !(await confirmAction(t('to.againReplace'), t('to.againReplaceYes'), t('to.cancel')))) return
    writeCart(
      shopId,
      data.again.map((l) => ({ dish_id: l.dish_id, option_ids: [...l.option_ids].sort((a, b) => a - b), quantity: Math.min(TAKEOUT_CAPS.perDish, l.quantity) })),
    )
    toastSuccess(t('to.againDone'))
    await Taro.navigateTo({ url: routeUrl('pages/takeout/detail', { id: shopId }) }).catch(() => undefined)
  })
  return (
    <Button className='btn-pill to-actions__btn to-actions__again' disabled={again.busy || undefined} onClick={() => void again.run()}>
      {t('to.again')}
    </Button>
  )
}

/** The rating: 1–5 stars and optional words, once (until `rate_until`); then what was given. */
function RatingCard({ data, onChanged }: { data: TakeoutOrderAnswer; onChanged: (a: TakeoutOrderAnswer) => void }) {
  const t = useT()
  const [stars, setStars] = useState(0)
  const [words, setWords] = useState('')
  const [missing, setMissing] = useState(false)
  const send = useAction(async () => {
    if (stars < 1) return setMissing(true)
    try {
      onChanged(await requestTakeout('personal.takeout/rate', { id: data.info.id, stars, ...(words.trim() ? { words: words.trim() } : {}) }))
      toastSuccess(t('to.rateThanks'))
    } catch (e) {
      // The stars and the words stay: nothing is lost.
      toastError(errorMessage(e))
    }
  })
  const given = data.rating
  return (
    <View className={`to-card to-rate${given ? ' to-rate--given' : ''}`} role='region' aria-label={t('to.rateTitle')}>
      <Text className='to-card__title'>{t(given ? 'to.rateGiven' : 'to.rateTitle')}</Text>
      {given ? (
        <>
          <Text className='to-rate__stars-shown' aria-label={t('to.rateStars', { n: given.stars })}>
            {'★'.repeat(given.stars)}
            <Text className='to-rate__stars-off'>{'★'.repeat(5 - given.stars)}</Text>
          </Text>
          {given.words && <Text className='to-rate__words-shown'>{given.words}</Text>}
          <Text className='to-rate__note'>{t('to.rateWho')}</Text>
        </>
      ) : (
        <>
          <View className='to-rate__stars' role='radiogroup' aria-label={t('to.rateTitle')}>
            {[1, 2, 3, 4, 5].map((n) => (
              <Text
                key={n}
                className={`to-rate__star${n <= stars ? ' to-rate__star--on' : ''}`}
                role='radio'
                aria-checked={n === stars}
                aria-label={t('to.rateStars', { n })}
                tabIndex={0}
                onClick={() => {
                  setStars(n)
                  setMissing(false)
                }}
              >
                ★
              </Text>
            ))}
          </View>
          {missing && (
            <Text className='to-rate__error' role='alert'>
              {t('to.rateNeedStars')}
            </Text>
          )}
          <Textarea
            className='to-rate__words'
            maxlength={TAKEOUT_RATING_WORDS_MAX}
            placeholder={t('to.rateWordsHint')}
            value={words}
            nativeProps={{ 'aria-label': t('to.rateWords') }}
            onInput={(e) => setWords(e.detail.value)}
          />
          <View className='to-rate__foot'>
            <Text className='to-rate__note'>{t('to.rateUntil', { time: wallTime(data.rate_until) })}</Text>
            <Button className='btn-pill to-rate__send' disabled={send.busy || undefined} loading={send.busy} onClick={() => void send.run()}>
              {t('to.rateSend')}
            </Button>
          </View>
        </>
      )}
    </View>
  )
}
