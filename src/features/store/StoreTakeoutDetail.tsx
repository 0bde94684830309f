import { Button, Text, View } from '@tarojs/components'
import { useState } from 'react'
import { requestStoreTakeout, type StoreTakeoutPath } from '@/api/store'
import Money from '@/components/Money'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { errorMessage, isRefusal } from '@/core/request'
import { useT } from '@/features/store/messages'
import { useAction } from '@/hooks/useAction'
import AcceptLeft from './AcceptLeft'
import OrderLines from './OrderLines'
import { Pair } from './OrderSummary'
import { TrailRow } from './StoreOrderDetail'
import { DispatchSheet, PickupSheet, RefuseSheet, type StoreTakeoutAnswer } from './TakeoutSheets'
import { wallTime } from './takeoutTime'
import './store.css'

interface Props {
  data: StoreTakeoutAnswer
  /** The order after an action (the answer carries it and its trail). */
  onChanged: (answer: StoreTakeoutAnswer) => void
  /** Read it again (an action was refused: the order moved meanwhile). */
  onReload: () => void
}

type Sheet = 'refuse' | 'dispatch' | 'pickup' | null

/** Refusals that mean the order moved meanwhile (another staff member, the shopper, the timer): read it again. */
const MOVED = ['takeout_already_moved', 'takeout_order_closed', 'takeout_not_accepted', 'takeout_not_paid'] as const

/**
 * A takeout order as the store sees it: its dishes and options, delivery or pickup, address, remark, tableware, the
 * promised time, the time left to accept; the moves its stage allows, each single-flight; and its trail.
 */
export default function StoreTakeoutDetail({ data, onChanged, onReload }: Props) {
  const t = useT()
  const { info, takeout: v } = data
  const [sheet, setSheet] = useState<Sheet>(null)
  const pickup = v.mode === 'pickup'

  const move = useAction(async (path: Extract<StoreTakeoutPath, 'hui_shanghu.store_takeout/accept' | 'hui_shanghu.store_takeout/ready' | 'hui_shanghu.store_takeout/deliver'>, done: string) => {
    try {
      onChanged(await requestStoreTakeout(path, { id: info.id }))
      toastSuccess(done)
    } catch (e) {
      if (isRefusal(e, ...MOVED)) {
        toastError(t('storeTakeout.moved'))
        onReload()
      } else toastError(errorMessage(e))
    }
  })
  const deliver = async () => {
    const sure = await confirmAction(t('storeTakeout.deliverAsk'), t('storeTakeout.deliverYes'), t('common.cancel'))
    if (sure) await move.run('hui_shanghu.store_takeout/deliver', t('storeTakeout.delivered'))
  }
  const sheetDone = (answer: StoreTakeoutAnswer) => {
    setSheet(null)
    onChanged(answer)
  }

  const awaiting = v.stage === 'awaiting_accept'
  const canDispatch = v.stage === 'accepted' && !pickup
  const canReady = v.stage === 'accepted' && pickup
  const canPickup = (v.stage === 'accepted' || v.stage === 'ready') && pickup
  const canDeliver = v.stage === 'delivering'

  return (
    <View className='store-order store-takeout'>
      <View className={`store-box store-takeout__head store-takeout__head--${v.stage}`} role='status' aria-live='polite'>
        <View className='store-summary__head'>
          <Text className='store-summary__title store-takeout__stage'>{t(`storeTakeout.stage.${v.stage}`)}</Text>
          {v.pickup_no && <Text className='store-takeout__no'>#{v.pickup_no}</Text>}
        </View>
        <Text className='store-takeout__promised'>{t(pickup ? 'storeTakeout.promisedPickup' : 'storeTakeout.promised', { time: wallTime(v.promised_at) })}</Text>
        {v.scheduled_for && <Text className='store-note'>{t('storeTakeout.scheduled', { time: wallTime(v.scheduled_for) })}</Text>}
        {awaiting && v.accept_by && <AcceptLeft by={v.accept_by} />}
        {v.refusal && (
          <Text className='store-note store-takeout__refusal'>
            {t('storeTakeout.refusal')}: {v.refusal.reason ?? t(`storeTrail.by.${v.refusal.by}`)}
          </Text>
        )}
      </View>

      <View className='store-box store-takeout__dishes'>
        <Text className='store-section'>{t('storeTakeout.items')}</Text>
        <OrderLines lines={info.lines} />
        <View className='kv-row store-row'>
          <Text>{t('storeTakeout.amount')}</Text>
          <Money className='store-summary__amount' cents={info.pay_amount} />
        </View>
      </View>

      <View className='store-box'>
        <Pair label={t('storeTakeout.mode')} value={t(`storeTakeout.mode.${v.mode}`)} className='store-takeout__mode' />
        {v.address ? (
          <View className='store-order__address store-takeout__address'>
            <Text className='store-section'>{t('storeTakeout.address')}</Text>
            <Text>
              {v.address.name} {v.address.phone}
            </Text>
            <Text>{v.address.text}</Text>
          </View>
        ) : (
          pickup && <Text className='store-note'>{t('storeTakeout.pickupHere')}</Text>
        )}
        {v.remark !== '' && <Pair label={t('storeTakeout.remark')} value={v.remark} className='store-takeout__remark' />}
        <Pair label={t('storeTakeout.tableware')} value={v.tableware === 0 ? t('storeTakeout.tablewareNone') : v.tableware === 1 ? t('storeTakeout.tablewareOne') : t('storeTakeout.tablewareN', { n: v.tableware })} className='store-takeout__tableware' />
        {v.rider && <Pair label={t('storeTakeout.rider')} value={`${v.rider.name} ${v.rider.phone}`} className='store-takeout__rider' />}
        <Pair label={t('storeTakeout.orderNo')} value={info.order_no} />
        {info.pay_time && <Pair label={t('storeTakeout.payTime')} value={info.pay_time} />}
      </View>

      {(awaiting || canDispatch || canReady || canPickup || canDeliver) && (
        <View className='store-actions'>
          {awaiting && (
            <Button className='btn-outline store-actions__btn store-takeout__refuse' disabled={move.busy || undefined} onClick={() => setSheet('refuse')}>
              {t('storeTakeout.refuse')}
            </Button>
          )}
          {awaiting && (
            <Button
              className='btn-pill store-actions__btn store-takeout__accept'
              disabled={move.busy || undefined}
              loading={move.busy}
              onClick={() => void move.run('hui_shanghu.store_takeout/accept', t('storeTakeout.accepted'))}
            >
              {t('storeTakeout.accept')}
            </Button>
          )}
          {canReady && (
            <Button className='btn-outline store-actions__btn store-takeout__ready' disabled={move.busy || undefined} loading={move.busy} onClick={() => void move.run('hui_shanghu.store_takeout/ready', t('storeTakeout.readyDone'))}>
              {t('storeTakeout.ready')}
            </Button>
          )}
          {canPickup && (
            <Button className='btn-pill store-actions__btn store-takeout__verify' disabled={move.busy || undefined} onClick={() => setSheet('pickup')}>
              {t('storeTakeout.verify')}
            </Button>
          )}
          {canDispatch && (
            <Button className='btn-pill store-actions__btn store-takeout__dispatch' disabled={move.busy || undefined} onClick={() => setSheet('dispatch')}>
              {t('storeTakeout.dispatch')}
            </Button>
          )}
          {canDeliver && (
            <Button className='btn-pill store-actions__btn store-takeout__deliver' disabled={move.busy || undefined} loading={move.busy} onClick={() => void deliver()}>
              {t('storeTakeout.deliver')}
            </Button>
          )}
        </View>
      )}

      <View className='store-box store-trail'>
        <Text className='store-section'>{t('storeOrder.trail')}</Text>
        {data.actions.length === 0 ? <Text className='store-note'>{t('storeOrder.trailEmpty')}</Text> : data.actions.map((a, i) => <TrailRow key={`${a.at}-${i}`} action={a} />)}
      </View>

      {sheet === 'refuse' && awaiting && <RefuseSheet orderId={info.id} onClose={() => setSheet(null)} onDone={sheetDone} />}
      {sheet === 'dispatch' && canDispatch && <DispatchSheet orderId={info.id} onClose={() => setSheet(null)} onDone={sheetDone} />}
      {sheet === 'pickup' && canPickup && <PickupSheet onClose={() => setSheet(null)} onDone={sheetDone} />}
    </View>
  )
}
