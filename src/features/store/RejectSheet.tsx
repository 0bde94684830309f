import { Button, Input, Text, View } from '@tarojs/components'
import FormSheet from '@/components/FormSheet'
import { useState } from 'react'
import { requestStore } from '@/api/store'
import type { StoreOrderAnswer } from '@/contract/store'
import { toastError, toastSuccess } from '@/core/feedback'
import { errorMessage } from '@/core/request'
import { useT } from '@/features/store/messages'
import { useAction } from '@/hooks/useAction'
import './store.css'

const REASON_MAX = 200

interface Props {
  orderId: number
  onClose: () => void
  onDone: (answer: StoreOrderAnswer) => void
}

/** Reject a refund request: the reason the shopper will read, then one submit (single-flight). Nothing typed is lost on failure. */
export default function RejectSheet({ orderId, onClose, onDone }: Props) {
  const t = useT()
  const [reason, setReason] = useState('')
  const text = reason.trim()
  const ready = text.length > 0 && text.length <= REASON_MAX

  const submit = useAction(async () => {
    if (!ready) return
    try {
      const answer = await requestStore('hui_shanghu.store_order/refundReject', { id: orderId, reason: text })
      toastSuccess(t('storeOrder.rejected'))
      onDone(answer)
    } catch (e) {
      toastError(errorMessage(e))
    }
  })

  return (
    <FormSheet name='reject-sheet' title={t('storeOrder.rejectTitle')} busy={submit.busy} onClose={onClose}>
        <Text className='form-sheet__label'>{t('storeOrder.rejectReason')}</Text>
        <Input
          className='form-sheet__field reject-sheet__reason'
          maxlength={REASON_MAX}
          focus
          placeholder={t('storeOrder.rejectPlaceholder')}
          nativeProps={{ 'aria-label': t('storeOrder.rejectReason') }}
          value={reason}
          onInput={(e) => setReason(e.detail.value)}
        />
        {!text && <Text className='form-sheet__hint'>{t('storeOrder.rejectNeeded')}</Text>}
        <View className='form-sheet__actions'>
          <Button className='btn-outline form-sheet__btn reject-sheet__keep' disabled={submit.busy || undefined} onClick={onClose}>
            {t('storeOrder.rejectKeep')}
          </Button>
          <Button className='btn-pill form-sheet__btn reject-sheet__submit' disabled={!ready || submit.busy || undefined} loading={submit.busy} onClick={() => void submit.run()}>
            {t('storeOrder.rejectSubmit')}
          </Button>
        </View>
    </FormSheet>
  )
}
