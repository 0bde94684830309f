import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { Barcode, QrCode } from '@/components/MemberCode'
import { EmptyState } from '@/components/StateView'
import type { UserCard } from '@/contract/member'
import { TILL_STEP_SECONDS, tillCode, tillStep } from '@/contract/tillCode'
import { serverNow } from '@/core/clock'
import { useT } from '@/features/card/messages'
import './TillCode.css'
import { routeUrl } from '@/routes'

export const CODE_REFRESH_SECONDS = TILL_STEP_SECONDS
const STEP_MS = TILL_STEP_SECONDS * 1000

/**
 * What the till scans: the card's rotating code (src/contract/tillCode.ts), made on the phone from the secret
 * the server gave the card's owner and the server's clock — no request per refresh, so it works with a poor
 * signal, and a phone set wrong still shows the code the till expects. '' when the card has no usable secret.
 */
export function tillCodeValue(card: UserCard, now = serverNow()): string {
  return card.till_secret ? tillCode(card.id, card.till_secret, now) : ''
}

/**
 * The current time step on the server's clock, moving on at each step boundary (not every 30 s from mount).
 * Read again when `key` changes: the answer that brought the card also taught the clock.
 */
function useTillStep(key: unknown): number {
  const [step, setStep] = useState(() => tillStep(serverNow()))
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const schedule = () => {
      const now = serverNow()
      setStep(tillStep(now))
      // To just past the next boundary; a late timer (a backgrounded tab) still lands on the step it wakes in.
      timer = setTimeout(schedule, STEP_MS - (now % STEP_MS) + 50)
    }
    schedule()
    return () => clearTimeout(timer)
  }, [key])
  return step
}

/** The card face for the till: member number, level, validity, QR code and barcode that refresh. */
export default function TillCode({ card }: { card: UserCard | undefined }) {
  const t = useT()
  const step = useTillStep(card?.till_secret)
  useEffect(() => {
    // Brighter screen for the scanner where the platform allows it.
    void Taro.setScreenBrightness?.({ value: 1 }).catch(() => undefined)
  }, [])
  if (!card) return <EmptyState title={t('card.none')} hint={t('card.noneHint')} actionText={t('card.buy')} onAction={() => void Taro.switchTab({ url: routeUrl('pages/card/index') })} />
  // A card whose refund is requested shows no working code: the till would refuse it.
  if (card.state === 'suspended') {
    return (
      <View className='till till--suspended'>
        <Text className='till__name'>
          {card.name} · {t('card.state.suspended')}
        </Text>
        <Text className='till__meta'>
          {t('card.number')} {card.card_no}
        </Text>
        <Text className='till__suspended' role='alert'>
          {t('card.suspended')}
        </Text>
        <Text className='till__hint'>{t('card.suspendedHint')}</Text>
      </View>
    )
  }
  // The code of the step on screen: `step` changes exactly when the code does.
  const value = tillCodeValue(card, step * STEP_MS)
  return (
    <View className='till'>
      <Text className='till__name'>{card.name}</Text>
      <Text className='till__meta'>
        {t('card.number')} {card.card_no} · {t('card.until', { date: card.end_at.slice(0, 10) })}
      </Text>
      {value ? (
        <>
          <Barcode value={value} label={t('card.showCode')} />
          <Text className='till__digits'>{value.replace(/(\d{4})(?=\d)/g, '$1 ')}</Text>
          <QrCode value={value} label={t('card.showCode')} />
          <Text className='till__hint'>{t('card.codeHint', { seconds: CODE_REFRESH_SECONDS })}</Text>
        </>
      ) : (
        <Text className='till__suspended' role='alert'>
          {t('card.codeUnavailable')}
        </Text>
      )}
    </View>
  )
}
