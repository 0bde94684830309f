import { Button, Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Money from '@/components/Money'
import type { OrderInfo, OrderRefund, RefundStep } from '@/contract/order'
import { refundReasonIn } from '@/contract/ordersWords'
import { invalidate } from '@/core/cache'
import { getLang } from '@/core/i18n'
import { confirmAction, toastError, toastSuccess } from '@/core/feedback'
import { assetUrl, errorMessage, request } from '@/core/request'
import { useT } from '@/features/orders/messages'
import { useAction } from '@/hooks/useAction'
import { routeUrl } from '@/routes'
import './RefundTimeline.css'

/** "2026-11-22 12:01:00" → "2026-11-22 12:01": a refund's times to the minute. */
const minute = (at: string) => at.slice(0, 16)

/**
 * Withdraw a refund request the store has not answered (personal.order/cancelRefund), after asking; single-flight.
 * Whatever the answer — withdrawn, or the store answered first — the shopper is told and the order is read again
 * (once, by the screen showing it): a withdrawal is a write (the request client invalidates); a refusal means the
 * store moved the order meanwhile, so what was kept of the shopper's orders is out of date too.
 */
export function useWithdrawRefund() {
  const t = useT()
  return useAction(async (order: Pick<OrderInfo, 'id'>) => {
    if (!(await confirmAction(t('refund.withdrawConfirm'), t('refund.withdrawYes'), t('refund.withdrawNo')))) return
    try {
      await request('personal.order/cancelRefund', { id: order.id })
      toastSuccess(t('refund.withdrawDone'))
    } catch (e) {
      toastError(errorMessage(e))
      invalidate('personal.order/')
    }
  })
}

/** My orders: where the order's refund stands, in one line. */
export function refundLine(refund: OrderRefund, t: ReturnType<typeof useT>): string {
  switch (refund.state) {
    case 'refunded':
      return t('refund.short.refunded', { date: (refund.refunded_at ?? '').slice(0, 10) })
    case 'refused':
      return t('refund.short.refused', { reason: refund.refused?.reason ?? '' })
    default:
      // A takeout order cancelled before acceptance: no request, nobody approved it (issue 39).
      return refund.steps[0]?.key === 'cancelled' && refund.state === 'awaiting_provider' ? t('refund.short.cancelled') : t(`refund.short.${refund.state}`)
  }
}

interface Props {
  order: OrderInfo
  refund: OrderRefund
  /** The shopper asks again (the refund sheet). */
  onAskAgain: () => void
}

/**
 * Order detail (and the takeout order page): the refund's timeline — asked (the reason, the shopper's words, their photos) → waiting for the store (when it is approved by itself)
 * → approved → money on its way → refunded (amount, date, where it goes back) or refused (the store's reason and what
 * to do next) or withdrawn; a request still waiting can be withdrawn.
 */
export default function RefundTimeline({ order, refund, onAskAgain }: Props) {
  const t = useT()
  const withdraw = useWithdrawRefund()
  const money = refund.state === 'awaiting_store' || refund.state === 'awaiting_provider' || refund.state === 'refunded'
  const closed = refund.state === 'refused' || refund.state === 'withdrawn'
  return (
    <View className={`refund-timeline refund-timeline--${refund.state}`} role='region' aria-label={t('refund.title')}>
      <Text className='refund-timeline__title' role='heading' aria-level={2}>
        {t('refund.title')}
      </Text>
      <View className='refund-timeline__steps' role='list'>
        {refund.steps.map((step) => (
          <Step key={step.key} step={step} refund={refund} />
        ))}
      </View>

      {money && (
        <View className='refund-timeline__money'>
          <View className='kv-row refund-timeline__row'>
            <Text>{t('refund.amount')}</Text>
            <Money className='refund-timeline__amount' cents={refund.amount} />
          </View>
          <View className='kv-row refund-timeline__row'>
            <Text>{t('refund.to')}</Text>
            <Text className='refund-timeline__to'>{t(`refund.to.${refund.to}`)}</Text>
          </View>
          {refund.refunded_at && (
            <View className='kv-row refund-timeline__row'>
              <Text>{t('refund.refundedAt')}</Text>
              <Text className='refund-timeline__refunded-at'>{minute(refund.refunded_at)}</Text>
            </View>
          )}
        </View>
      )}

      {closed && (
        <Text className='refund-timeline__next'>
          {t(refund.state === 'withdrawn' ? 'refund.next.withdrawn' : refund.can_ask_again ? 'refund.next.refused' : 'refund.next.closed')}
        </Text>
      )}
      {(refund.can_withdraw || refund.can_ask_again || (refund.state === 'refused' && order.shop_id)) && (
        <View className='refund-timeline__actions'>
          {refund.state === 'refused' && order.shop_id && (
            <Button className='btn-outline refund-timeline__btn refund-timeline__contact' onClick={() => void Taro.navigateTo({ url: routeUrl('pages/shops/details', { id: order.shop_id ?? 0 }) })}>
              {t('refund.contactStore')}
            </Button>
          )}
          {refund.can_withdraw && (
            <Button className='btn-outline refund-timeline__btn refund-timeline__withdraw' disabled={withdraw.busy || undefined} loading={withdraw.busy} onClick={() => void withdraw.run(order)}>
              {t('refund.withdraw')}
            </Button>
          )}
          {refund.can_ask_again && (
            <Button className='btn-pill refund-timeline__btn refund-timeline__again' onClick={onAskAgain}>
              {t('refund.askAgain')}
            </Button>
          )}
        </View>
      )}
    </View>
  )
}

function Step({ step, refund }: { step: RefundStep; refund: OrderRefund }) {
  const t = useT()
  const title = step.key === 'approved' && refund.approved_by === 'timer' ? t('refund.step.approvedByTimer') : t(`refund.step.${step.key}`)
  const reached = step.state !== 'todo'
  return (
    <View className={`refund-step refund-step--${step.state} refund-step--${step.key}`} role='listitem' aria-current={step.state === 'current' ? 'step' : undefined}>
      <View className='refund-step__dot' />
      <View className='refund-step__body'>
        <Text className='refund-step__title'>{title}</Text>
        {step.at && <Text className='refund-step__at'>{minute(step.at)}</Text>}
        {step.key === 'asked' && refund.reason && <Text className='refund-step__note refund-step__reason'>{t('refund.yourReason', { reason: refundReasonIn(getLang(), refund.reason) })}</Text>}
        {step.key === 'asked' && refund.detail && <Text className='refund-step__note refund-step__detail'>{t('refund.yourDetail', { detail: refund.detail })}</Text>}
        {step.key === 'asked' && refund.photos.length > 0 && (
          <View className='refund-timeline__photos' role='group' aria-label={t('refund.yourPhotos')}>
            {refund.photos.map((url, i) => (
              <Image key={url} className='refund-timeline__photo' src={assetUrl(url)} mode='aspectFill' nativeProps={{ alt: t('detail.refundPhotoN', { n: i + 1 }) }} />
            ))}
          </View>
        )}
        {step.key === 'awaiting_store' && step.state === 'current' && refund.auto_approve_at && (
          <Text className='refund-step__note refund-step__auto'>{t('refund.autoApprove', { time: minute(refund.auto_approve_at) })}</Text>
        )}
        {step.key === 'on_its_way' && step.state === 'current' && <Text className='refund-step__note refund-step__way'>{t(refund.delayed ? 'refund.delayed' : 'refund.onItsWay')}</Text>}
        {step.key === 'refused' && refund.refused && reached && <Text className='refund-step__note refund-step__refused'>{t('refund.refusedReason', { reason: refund.refused.reason })}</Text>}
      </View>
    </View>
  )
}
