import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import type { UserCard } from '@/contract/member'
import { useT } from '@/features/card/messages'
import './card.css'
import { routeUrl } from '@/routes'

/** A membership card face: level, number, validity; optional links to the till code and My cards. */
export default function MemberCard({ card, links = false }: { card: UserCard; links?: boolean }) {
  const t = useT()
  // The server says what the card is now (active, starts later, expired, upgraded, suspended, refunded).
  const state = t(`card.state.${card.state}`)
  return (
    <View className={`member-card${card.active ? '' : ' member-card--expired'}`} role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/card/vipCord') })}>
      <Text className='member-card__name'>
        {card.name} · {state}
      </Text>
      <Text className='member-card__no'>{card.card_no.replace(/(\d{4})(?=\d)/g, '$1 ')}</Text>
      <Text className='member-card__meta'>
        {t('card.until', { date: card.end_at.slice(0, 10) })} · {t('card.memberRate', { rate: card.member_rate })}
      </Text>
      {links && (
        <View className='member-card__actions'>
          <Text className='member-card__link member-card__link--code'>{t('card.showCode')}</Text>
          <Text
            className='member-card__link member-card__link--mine tap-slop'
            role='link'
            tabIndex={0}
            onClick={(e) => {
              e.stopPropagation()
              void Taro.navigateTo({ url: routeUrl('pages/card/my') })
            }}
          >
            {t('card.myCards')}
          </Text>
        </View>
      )}
    </View>
  )
}
