import { Button, Text, View } from '@tarojs/components'
import FormSheet from '@/components/FormSheet'
import { useState } from 'react'
import { requestStore } from '@/api/store'
import type { StoreOrderAnswer, StoreOrderLine } from '@/contract/store'
import { REFUND_REJECTION_REASONS, type RefundRejectionReason } from '@/contract/storeReasons'
import { toastError, toastSuccess } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { useT } from '@/features/store/messages'
import { useAction } from '@/hooks/useAction'
import OrderLines from './OrderLines'
import ReasonPicker, { reasonPayload, type ReasonChoice } from './ReasonPicker'
import './store.css'

interface Props {
  orderId: number
  /** What the refund is for (the whole order): its lines; none for a bill, a card or fuel. */
  lines: readonly StoreOrderLine[]
  onClose: () => void
  onDone: (answer: StoreOrderAnswer) => void
}

/**
 * Reject a refund request: what it is for, then the reason the shopper will read — one of the usual ones (sent as its
 * code: the shopper reads it in their language) or the store's own words — then one submit (single-flight). Reject is
 * off until a reason that shows is given (spaces or invisible characters are none). Nothing chosen is lost on failure.
 */
export default function RejectSheet({ orderId, lines, onClose, onDone }: Props) {
  const t = useT()
  const [choice, setChoice] = useState<ReasonChoice<RefundRejectionReason>>(null)
  const reason = reasonPayload(choice)

  const submit = useAction(async () => {
    if (!reason) return
    try {
      const answer = await requestStore('hui_shanghu.store_order/refundReject', { id: orderId, ...reason })
      toastSuccess(t('storeOrder.rejected'))
      onDone(answer)
    } catch (e) {
      toastError(errorMessage(e))
    }
  })

  return (
    <FormSheet name='reject-sheet' title={t('storeOrder.rejectTitle')} busy={submit.busy} onClose={onClose}>
      {lines.length > 0 && (
        <View className='reject-sheet__lines'>
          <Text className='form-sheet__label'>{t('storeLines.refund')}</Text>
          <OrderLines lines={lines} className='store-lines--sheet' />
        </View>
      )}
      <ReasonPicker
        name='reject-sheet'
        label={t('storeOrder.rejectReason')}
        codes={REFUND_REJECTION_REASONS}
        choice={choice}
        onChange={setChoice}
        otherPlaceholder={t('storeOrder.rejectPlaceholder')}
      />
      {!reason && <Text className='form-sheet__hint'>{t('storeOrder.rejectNeeded')}</Text>}
      <View className='form-sheet__actions'>
        <Button className='btn-outline form-sheet__btn reject-sheet__keep' disabled={submit.busy || undefined} onClick={onClose}>
          {t('storeOrder.rejectKeep')}
        </Button>
        <Button className='btn-pill form-sheet__btn reject-sheet__submit' disabled={!reason || submit.busy || undefined} loading={submit.busy} onClick={() => void submit.run()}>
          {t('storeOrder.rejectSubmit')}
        </Button>
      </View>
    </FormSheet>
  )
}
