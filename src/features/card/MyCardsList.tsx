import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useMyCards } from '@/api/cards'
import LoadState from '@/components/LoadState'
import { EmptyState } from '@/components/StateView'
import { useT } from '@/features/card/messages'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import MemberCard from './MemberCard'
import './compact.css'
import { routeUrl } from '@/routes'

/** Active and expired cards. `compact` is the earlier one-line layout kept for old links (my_old). */
export default function MyCardsList({ returnTo, compact = false }: { returnTo: string; compact?: boolean }) {
  const t = useT()
  const cards = useMyCards(returnTo)
  const list = cards.data?.list ?? []
  usePullRefresh(cards.reload)
  return (
    <LoadState loading={cards.loading && !cards.data} error={cards.error} loginTo={cards.loginTo} onRetry={() => void cards.reload()}>
      {list.length === 0 ? (
        <EmptyState title={t('card.none')} hint={t('card.noneHint')} actionText={t('card.buy')} onAction={() => void Taro.switchTab({ url: routeUrl('pages/card/index') })} />
      ) : compact ? (
        <View className='my-cards-compact'>
          {list.map((c) => (
            <View key={c.id} className='my-cards-compact__row' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/card/vipCord') })}>
              <Text>{c.name}</Text>
              <Text>{c.card_no}</Text>
              <Text>{c.end_at.slice(0, 10)}</Text>
            </View>
          ))}
        </View>
      ) : (
        <View className='my-cards'>
          {list.map((c) => (
            <MemberCard key={c.id} card={c} />
          ))}
        </View>
      )}
    </LoadState>
  )
}
