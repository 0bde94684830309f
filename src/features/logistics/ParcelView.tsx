import { Button, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { LogisticsAnswer } from '@/contract/mall'
import { ORDER_STATUS } from '@/contract/constants'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { useAction } from '@/hooks/useAction'
import { confirmReceipt } from '@/api/logistics'
import { useT } from './messages'
import './logistics.css'

interface Props {
  parcel: LogisticsAnswer
}

/**
 * Logistics: where the parcel is (headline and latest event; `received` once the order is complete, issue 39), carrier
 * and tracking number (copy), the address, the timeline newest first, and confirming receipt — a write that invalidates
 * the shopper's orders (confirmReceipt's `changes`): the screen reads the parcel again by itself, once. A parcel no
 * tracking service follows (`tracked: false`, a production server without one, issue 40) says so beside its waybill
 * number: the shopper copies it to the carrier's own app; its timeline is the store's shipping alone.
 */
export default function ParcelView({ parcel }: Props) {
  const t = useT()
  const { order } = parcel
  const latest = parcel.events[0]
  const copy = () =>
    void Taro.setClipboardData({ data: parcel.tracking_no })
      .then(() => toastSuccess(t('parcel.copied')))
      .catch(() => undefined)
  const confirm = useAction(async () => {
    if (!(await confirmAction(t('parcel.confirmAsk'), t('parcel.confirmYes'), t('parcel.confirmNo')))) return
    try {
      await confirmReceipt(order.id)
      toastSuccess(t('parcel.confirmed'))
    } catch (e) {
      toastError(errorMessage(e))
    }
  })
  const address = order.delivery?.address

  return (
    <View className='parcel'>
      <View className={`parcel__head parcel__head--${parcel.state}`} role='status'>
        <Text className='parcel__state'>{t(`parcel.state.${parcel.state}`)}</Text>
        {latest && <Text className='parcel__latest'>{latest.text}</Text>}
        {/* A parcel received says so in its latest event; an order completed before parcels read `received` says it here. */}
        {order.order_status === ORDER_STATUS.COMPLETED && parcel.state !== 'received' && <Text className='parcel__done'>{t('parcel.completed')}</Text>}
      </View>

      <View className='parcel__box'>
        <View className='kv-row'>
          <Text>{t('parcel.carrier')}</Text>
          <Text className='parcel__carrier'>{parcel.carrier_name}</Text>
        </View>
        <View className='kv-row'>
          <Text>{t('parcel.trackingNo')}</Text>
          <View className='parcel__no-row'>
            <Text className='parcel__no'>{parcel.tracking_no}</Text>
            <Text className='parcel__copy tap-slop' role='button' tabIndex={0} aria-label={`${t('parcel.copy')} ${t('parcel.trackingNo')}`} onClick={copy}>
              {t('parcel.copy')}
            </Text>
          </View>
        </View>
        {!parcel.tracked && <Text className='parcel__untracked'>{t('parcel.untracked', { carrier: parcel.carrier_name })}</Text>}
      </View>

      {address && (
        <View className='parcel__box parcel__address'>
          <Text className='parcel__label'>{t('parcel.shipTo')}</Text>
          <Text className='parcel__who'>
            {address.name} {address.phone}
          </Text>
          <Text className='parcel__where'>{address.text}</Text>
        </View>
      )}

      <View className='parcel__box'>
        <Text className='parcel__label'>{t('parcel.timeline')}</Text>
        <View className='parcel__events' role='list'>
          {parcel.events.map((e, i) => (
            <View key={e.state} className={`parcel-event${i === 0 ? ' parcel-event--latest' : ''}`} role='listitem'>
              <View className='parcel-event__dot' />
              <View className='parcel-event__body'>
                <Text className='parcel-event__title'>
                  {t(`parcel.state.${e.state}`)}
                  {i === 0 && <Text className='parcel-event__tag'>{t('parcel.latest')}</Text>}
                </Text>
                <Text className='parcel-event__text'>{e.text}</Text>
                <Text className='parcel-event__time'>{e.at}</Text>
              </View>
            </View>
          ))}
        </View>
      </View>

      {parcel.auto_complete_at && <Text className='parcel__note'>{t('parcel.autoComplete', { time: parcel.auto_complete_at })}</Text>}

      {parcel.can_confirm && (
        <View className='parcel__bar'>
          <Button className='btn-pill parcel__confirm' disabled={confirm.busy || undefined} loading={confirm.busy} onClick={() => void confirm.run()}>
            {t('parcel.confirm')}
          </Button>
        </View>
      )}
    </View>
  )
}
