import { Button, Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import FormSheet from '@/components/FormSheet'
import { requestStore } from '@/api/store'
import { CARRIERS, type Carrier } from '@/contract/mallEndpoints'
import type { StoreOrderAnswer, StoreOrderLine } from '@/contract/store'
import { toastError, toastSuccess } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { useT } from '@/features/store/messages'
import { useAction } from '@/hooks/useAction'
import OrderLines from './OrderLines'
import './store.css'

/** What the server accepts as a tracking number (src/contract/mall.ts ShipPayload). */
const TRACKING = /^[A-Za-z0-9]{6,32}$/

interface Props {
  orderId: number
  /** What goes into the parcel: every line of the order. */
  lines: readonly StoreOrderLine[]
  onClose: () => void
  onDone: (answer: StoreOrderAnswer) => void
}

/** Ship a parcel: what goes in it, the carrier and its tracking number, then one submit (single-flight). Nothing typed is lost on failure. */
export default function ShipSheet({ orderId, lines, onClose, onDone }: Props) {
  const t = useT()
  const [carrier, setCarrier] = useState<Carrier>('SF')
  const [trackingNo, setTrackingNo] = useState('')
  const typed = trackingNo.trim()
  const valid = TRACKING.test(typed)

  const submit = useAction(async () => {
    if (!valid) return
    try {
      const answer = await requestStore('hui_shanghu.store_order/ship', { id: orderId, carrier, tracking_no: typed })
      toastSuccess(t('storeOrder.shipped'))
      onDone(answer)
    } catch (e) {
      toastError(errorMessage(e))
    }
  })

  return (
    <FormSheet name='ship-sheet' title={t('storeOrder.shipTitle')} busy={submit.busy} onClose={onClose}>
      <Text className='form-sheet__label'>{t('storeLines.parcel')}</Text>
      <OrderLines lines={lines} className='store-lines--sheet' />
      <Text className='form-sheet__label'>{t('storeOrder.carrier')}</Text>
      <View className='ship-sheet__carriers' role='radiogroup' aria-label={t('storeOrder.carrier')}>
        {CARRIERS.map((c) => (
          <Text
            key={c}
            className={`ship-sheet__carrier tap-slop${c === carrier ? ' ship-sheet__carrier--on' : ''}`}
            role='radio'
            aria-checked={c === carrier}
            tabIndex={0}
            onClick={() => setCarrier(c)}
          >
            {t(`storeOrder.carrier.${c}`)}
          </Text>
        ))}
      </View>
      <Text className='form-sheet__label'>{t('storeOrder.trackingNo')}</Text>
      <Input
        className='form-sheet__field ship-sheet__no'
        maxlength={32}
        placeholder={t('storeOrder.trackingPlaceholder')}
        nativeProps={{ 'aria-label': t('storeOrder.trackingNo') }}
        value={trackingNo}
        onInput={(e) => setTrackingNo(e.detail.value)}
      />
      {typed !== '' && !valid && <Text className='form-sheet__hint ship-sheet__bad'>{t('storeOrder.trackingBad')}</Text>}
      <View className='form-sheet__actions'>
        <Button className='btn-outline form-sheet__btn ship-sheet__keep' disabled={submit.busy || undefined} onClick={onClose}>
          {t('storeOrder.shipKeep')}
        </Button>
        <Button className='btn-pill form-sheet__btn ship-sheet__submit' disabled={!valid || submit.busy || undefined} loading={submit.busy} onClick={() => void submit.run()}>
          {t('storeOrder.shipSubmit')}
        </Button>
      </View>
    </FormSheet>
  )
}
