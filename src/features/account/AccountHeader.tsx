import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { ErrorState } from '@/components/StateView'
import { AnonymousHeaderView } from '@/views/account/AccountHeaderView'
import type { ProfileAnswer } from '@/contract/member'
import { maskPhone } from '@/core/format'
import { useT } from '@/features/account/messages'
import { assetUrl, errorMessage } from '@/core/request'
import { goToLogin } from '@/core/session'
import { requestOrdersTab, type OrdersTab } from '@/core/ordersTab'
import './AccountHeader.css'
import { routeUrl } from '@/routes'

interface Props {
  loggedIn: boolean
  profile: ProfileAnswer | undefined
  loading: boolean
  error: unknown
  onRetry: () => void
}

const COUNTS: Array<[OrdersTab, keyof ProfileAnswer['order_counts'], 'me.orders.unpaid' | 'me.orders.paid' | 'me.orders.completed' | 'me.orders.refund']> = [
  ['unpaid', 'unpaid', 'me.orders.unpaid'],
  ['paid', 'paid', 'me.orders.paid'],
  ['completed', 'completed', 'me.orders.completed'],
  ['refund', 'refund', 'me.orders.refund'],
]

/** Top of My account: the way in for an anonymous shopper; who I am, my card and my orders otherwise. */
export default function AccountHeader({ loggedIn, profile, loading, error, onRetry }: Props) {
  const t = useT()
  if (!loggedIn) {
    return <AnonymousHeaderView t={t} onLogin={() => goToLogin(routeUrl('pages/personal/index'))} />
  }
  if (error && !profile) return <ErrorState title={t('common.loadFailed')} message={errorMessage(error)} retryText={t('common.retry')} onRetry={onRetry} />
  const openOrders = (tab: OrdersTab) => {
    requestOrdersTab(tab)
    void Taro.switchTab({ url: routeUrl('pages/orders/index') })
  }
  return (
    <View>
      <View className={`account-header${loading && !profile ? ' account-header--loading' : ''}`}>
        {profile?.user.avatar ? <Image className='account-header__avatar' src={assetUrl(profile.user.avatar)} nativeProps={{ alt: '' }} /> : <View className='account-header__avatar' />}
        <View className='account-header__text'>
          <Text className='account-header__name'>{profile?.user.nickname ?? ''}</Text>
          <Text className='account-header__phone'>{maskPhone(profile?.user.phone)}</Text>
        </View>
      </View>
      {/* Until the profile answers, the card line and the order counts keep their place (empty): drawn only when it came,
          they pushed the menu down (issue 24: a layout shift of 0.13). */}
      {!profile && (
        <View aria-hidden='true'>
          <View className='account-card account-card--pending'>
            <Text className='account-card__text'>{'\u00a0'}</Text>
          </View>
          <View className='account-orders account-orders--pending'>
            {COUNTS.map(([tab, , label]) => (
              <View key={tab} className='account-orders__item'>
                <Text className='account-orders__count'>{'\u00a0'}</Text>
                <Text className='account-orders__label'>{t(label)}</Text>
              </View>
            ))}
          </View>
        </View>
      )}
      {profile && (
        <View className='account-card' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: profile.card ? routeUrl('pages/card/vipCord') : routeUrl('pages/card/index') })}>
          <Text className='account-card__text'>{profile.card ? t('me.cardUntil', { name: profile.card.name, date: profile.card.end_at.slice(0, 10) }) : t('me.cardNone')}</Text>
          {!profile.card && <Text className='account-card__cta'>{t('me.cardBuy')}</Text>}
        </View>
      )}
      {profile && (
        <View className='account-orders'>
          {COUNTS.map(([tab, key, label]) => (
            <View key={tab} className={`account-orders__item account-orders__item--${tab}`} role='link' tabIndex={0} onClick={() => openOrders(tab)}>
              <Text className='account-orders__count'>{profile.order_counts[key]}</Text>
              <Text className='account-orders__label'>{t(label)}</Text>
            </View>
          ))}
        </View>
      )}
    </View>
  )
}
