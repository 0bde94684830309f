import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { Barcode, QrCode } from '@/components/MemberCode'
import { EmptyState } from '@/components/StateView'
import type { UserCard } from '@/contract/member'
import { serverNow } from '@/core/clock'
import { useT } from '@/features/card/messages'
import './TillCode.css'
import { routeUrl } from '@/routes'

export const CODE_REFRESH_SECONDS = 30

/**
 * What the till scans: the card number and a time slot, so a screenshot stops working after a while. The
 * slot is the server's (a phone set wrong still shows the slot the till expects).
 */
export function tillCodeValue(card: UserCard, now = serverNow()): string {
  return `${card.card_no}${String(Math.floor(now / (CODE_REFRESH_SECONDS * 1000)) % 10000).padStart(4, '0')}`
}

/** The card face for the till: member number, level, validity, QR code and barcode that refresh. */
export default function TillCode({ card }: { card: UserCard | undefined }) {
  const t = useT()
  const [now, setNow] = useState(serverNow)
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), CODE_REFRESH_SECONDS * 1000)
    // Brighter screen for the scanner where the platform allows it.
    void Taro.setScreenBrightness?.({ value: 1 }).catch(() => undefined)
    return () => clearInterval(timer)
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
  const value = tillCodeValue(card, now)
  return (
    <View className='till'>
      <Text className='till__name'>{card.name}</Text>
      <Text className='till__meta'>
        {t('card.number')} {card.card_no} · {t('card.until', { date: card.end_at.slice(0, 10) })}
      </Text>
      <Barcode value={value} label={t('card.showCode')} />
      <Text className='till__digits'>{value.replace(/(\d{4})(?=\d)/g, '$1 ')}</Text>
      <QrCode value={value} label={t('card.showCode')} />
      <Text className='till__hint'>{t('card.codeHint', { seconds: CODE_REFRESH_SECONDS })}</Text>
    </View>
  )
}
