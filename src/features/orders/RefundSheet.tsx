import { Button, Input, Text, View } from '@tarojs/components'
import { useState } from 'react'
import FormSheet from '@/components/FormSheet'
import Money from '@/components/Money'
import type { OrderInfo } from '@/contract/order'
import { toastError, toastSuccess } from '@/core/feedback'
import { errorMessage, request } from '@/core/request'
import { useT } from '@/features/orders/messages'
import { useAction } from '@/hooks/useAction'
import './RefundSheet.css'

const REASON_MAX = 200

/** The reasons that fit what was bought: a bill (or fuel) paid at a till is not a product "bought by mistake". */
export function refundReasons(order: Pick<OrderInfo, 'kind'>, translate: ReturnType<typeof useT>): string[] {
  return translate(order.kind === 'bill' || order.kind === 'oil' ? 'detail.refundReasonsBill' : 'detail.refundReasons').split('|')
}

interface Props {
  order: OrderInfo
  onClose: () => void
  onSent: () => void
}

/**
 * Apply for a refund: the amount (always the whole order), a reason that fits the kind, the shopper's own
 * words for "other", then one submit (single-flight). Nothing is sent until Submit.
 */
export default function RefundSheet({ order, onClose, onSent }: Props) {
  const t = useT()
  const reasons = refundReasons(order, t)
  const otherIndex = reasons.length - 1
  const [chosen, setChosen] = useState<number | null>(null)
  const [other, setOther] = useState('')
  const otherText = other.trim()
  const reason = chosen === null ? '' : chosen === otherIndex ? otherText : reasons[chosen]
  const ready = reason.length > 0 && reason.length <= REASON_MAX

  const submit = useAction(async () => {
    if (!ready) return
    try {
      await request('personal.order/refund', { id: order.id, reason })
      toastSuccess(t('detail.refundSent'))
      onSent()
    } catch (e) {
      // The sheet stays open with the choice and the words: nothing typed is lost.
      toastError(errorMessage(e))
    }
  })

  return (
    <FormSheet name='refund-sheet' title={t('detail.refundTitle')} busy={submit.busy} onClose={onClose}>
        <View className='kv-row refund-sheet__amount'>
          <Text>{t('detail.refundAmount')}</Text>
          <Money className='refund-sheet__money' cents={order.pay_amount} />
        </View>
        <Text className='refund-sheet__whole'>{t('detail.refundWhole')}</Text>
        <Text className='form-sheet__label refund-sheet__label'>{t('detail.refundReason')}</Text>
        <View className='refund-sheet__reasons' role='radiogroup' aria-label={t('detail.refundReason')}>
          {reasons.map((r, i) => (
            <Text
              key={r}
              className={`refund-sheet__reason tap-slop${chosen === i ? ' refund-sheet__reason--on' : ''}`}
              role='radio'
              aria-checked={chosen === i}
              tabIndex={0}
              onClick={() => setChosen(i)}
            >
              {r}
            </Text>
          ))}
        </View>
        {chosen === otherIndex && (
          <View className='refund-sheet__other-box'>
            <Input
              className='form-sheet__field refund-sheet__other'
              maxlength={REASON_MAX}
              focus
              placeholder={t('detail.refundOther')}
              nativeProps={{ 'aria-label': t('detail.refundOther') }}
              value={other}
              onInput={(e) => setOther(e.detail.value)}
            />
            {!otherText && <Text className='form-sheet__hint refund-sheet__hint'>{t('detail.refundOtherNeeded')}</Text>}
          </View>
        )}
        <View className='form-sheet__actions'>
          <Button className='btn-outline form-sheet__btn refund-sheet__keep' disabled={submit.busy || undefined} onClick={onClose}>
            {t('detail.refundKeep')}
          </Button>
          <Button className='btn-pill form-sheet__btn refund-sheet__submit' disabled={!ready || submit.busy || undefined} loading={submit.busy} onClick={() => void submit.run()}>
            {t('detail.refundSubmit')}
          </Button>
        </View>
    </FormSheet>
  )
}
