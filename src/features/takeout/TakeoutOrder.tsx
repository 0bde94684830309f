import { Button, Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useCallback, useEffect, useRef, useState } from 'react'
import { requestTakeout, useTakeoutOrder } from '@/api/takeout'
import { isNotFound } from '@/api/notFound'
import LoadState from '@/components/LoadState'
import Money from '@/components/Money'
import { QrCode } from '@/components/MemberCode'
import type { TakeoutOrderAnswer, TakeoutView } from '@/contract/takeout'
import { TAKEOUT_WATCH } from '@/contract/takeoutEndpoints'
import { payStage } from '@/contract/orderRules'
import { askAgain } from '@/core/cache'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { assetUrl, errorMessage } from '@/core/request'
import { useAction } from '@/hooks/useAction'
import { useLiveChanges, type LiveMode } from '@/hooks/useLiveChanges'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { routeUrl } from '@/routes'
import { cartOrderPaid } from './cart'
import { wallTime } from './time'
import { useT } from './messages'
import './takeout.css'

/** How often the order is read again while it shows when there is no live stream (the fallback: useLiveChanges). */
export const POLL_MS = 3000

/** Stages after which nothing more moves: the stream (or polling) stops. */
const SETTLED = new Set<TakeoutView['stage']>(['delivered', 'picked_up', 'cancelled', 'refunded'])

/**
 * A takeout order (`orderDetail?id=`): where it stands on a timeline, the promised time, the pickup number and QR
 * code, the rider, call the shop, cancel before acceptance. While it shows it follows the store's moves without a
 * reload: a live stream says when the order moved and it reads itself again (polling every few seconds where
 * there is no stream); stopped when hidden or settled.
 */
export default function TakeoutOrder({ id }: { id: number }) {
  const q = useTakeoutOrder(id, id > 0 ? routeUrl('pages/takeout/orderDetail', { id }) : undefined)
  const [live, setLive] = useState<TakeoutOrderAnswer | null>(null)
  const data = live && q.data && live.takeout.updated_at >= q.data.takeout.updated_at ? live : (q.data ?? null)
  usePullRefresh(q.reload)

  // Live while visible: a stream tells of each move (its version is the view's updated_at:status) and the order is
  // read again; polling where there is no stream (src/hooks/useLiveChanges.ts).
  const stage = data?.takeout.stage
  const poll = useCallback(() => {
    if (!(id > 0)) return
    void askAgain(() => requestTakeout('personal.takeout/read', { id })).then(setLive, () => undefined)
  }, [id])
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
      {data && <OrderScreen data={data} live={liveMode} onChanged={(a) => setLive(a)} />}
    </LoadState>
  )
}

function OrderScreen({ data, live, onChanged }: { data: TakeoutOrderAnswer; live: LiveMode; onChanged: (a: TakeoutOrderAnswer) => void }) {
  const t = useT()
  const { info, takeout: v } = data
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
  const call = () => void Taro.makePhoneCall({ phoneNumber: v.shop.phone }).catch(() => undefined)
  const pickup = v.mode === 'pickup'
  const moving = !['delivered', 'picked_up', 'cancelled', 'refused', 'refunded', 'refunding', 'unpaid'].includes(v.stage)

  return (
    <View className='to-order' data-live={live}>
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

      <View className='to-card to-steps' role='list'>
        {v.steps.map((s) => (
          <View key={s.key} className={`to-step-row to-step-row--${s.state}`} role='listitem' aria-current={s.state === 'current' ? 'step' : undefined}>
            <View className='to-step-row__dot' aria-hidden='true' />
            <Text className='to-step-row__name'>{t(`to.step.${s.key}`)}</Text>
            {s.at && <Text className='to-step-row__at'>{wallTime(s.at)}</Text>}
          </View>
        ))}
      </View>

      {v.pickup_no && pickup && (
        <View className='to-card to-pickup'>
          <Text className='to-pickup__label'>{t('to.pickupNo')}</Text>
          <Text className='to-pickup__no'>{v.pickup_no}</Text>
          {v.pickup_code && (
            <>
              <View className='to-pickup__qr'>
                <QrCode value={v.pickup_code} label={t('to.pickupQr', { code: v.pickup_code })} />
              </View>
              <Text className='to-pickup__hint'>{t('to.pickupCode')}</Text>
              <Text className='to-pickup__code'>{v.pickup_code}</Text>
            </>
          )}
        </View>
      )}

      {v.rider && (
        <View className='to-card to-rider'>
          <Text className='to-rider__text'>{t('to.rider', { name: v.rider.name, phone: v.rider.phone })}</Text>
        </View>
      )}

      <View className='to-card'>
        <Text className='to-card__title'>{v.shop.name}</Text>
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
        <View className='to-row'>
          <Text className='to-row__label'>{t('to.payAmount')}</Text>
          <Money className='to-row__value to-row__value--strong' cents={info.pay_amount} />
        </View>
      </View>

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
        <Button className='btn-outline to-actions__btn to-actions__call' onClick={call}>
          {t('to.callShop')}
        </Button>
        {v.can_cancel && (
          <Button className='btn-outline to-actions__btn to-actions__cancel' disabled={cancel.busy || undefined} loading={cancel.busy} onClick={() => void cancel.run()}>
            {t('to.cancelOrder')}
          </Button>
        )}
        {v.can_confirm && (
          <Button className='btn-pill to-actions__btn to-actions__confirm' disabled={confirm.busy || undefined} loading={confirm.busy} onClick={() => void confirm.run()}>
            {t('to.confirmDelivered')}
          </Button>
        )}
        <Button className='btn-outline to-actions__btn to-actions__more' onClick={() => void Taro.navigateTo({ url: routeUrl('pages/orders/detail', { id: info.id }) })}>
          {t('to.orderMore')}
        </Button>
      </View>
    </View>
  )
}
