import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import Money from '@/components/Money'
import Skeleton from '@/components/Skeleton'
import { EmptyState, ErrorState, ListFooter } from '@/components/StateView'
import type { MallProduct } from '@/contract/mall'
import { assetUrl, errorMessage } from '@/core/request'
import type { PagedListState } from '@/hooks/usePagedList'
import { routeUrl } from '@/routes'
import { useT } from './messages'
import './mall.css'

/** One product in the grid: picture, name, selling point, member price first, price and struck list price, sold. */
export function ProductCard({ product: p }: { product: MallProduct }) {
  const t = useT()
  const soldOut = p.stock === 0
  return (
    <View className={`mall-card${soldOut ? ' mall-card--sold-out' : ''}`} role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/vMall/detail', { id: p.id }) })}>
      <View className='mall-card__pic'>
        <Image className='mall-card__img' src={assetUrl(p.image)} mode='aspectFill' lazyLoad nativeProps={{ alt: '' }} />
        {soldOut && <Text className='mall-card__badge'>{t('mall.soldOut')}</Text>}
      </View>
      <View className='mall-card__body'>
        <Text className='mall-card__name'>{p.name}</Text>
        <Text className='mall-card__subtitle'>{p.subtitle}</Text>
        <View className='mall-card__member'>
          <Text className='mall-card__member-tag'>{t('mall.member')}</Text>
          <Money className='mall-card__member-price' cents={p.member_price} />
        </View>
        <View className='mall-card__foot'>
          <Money className='mall-card__price' cents={p.price} />
          <Money className='mall-card__list' cents={p.list_price} />
          <Text className='mall-card__sold'>{t('mall.sold', { n: p.sold })}</Text>
        </View>
      </View>
    </View>
  )
}

/** A paged product grid with its loading, error (retry), empty and end states. */
export default function ProductGrid({ list }: { list: PagedListState<MallProduct> }) {
  const t = useT()
  if (list.loading) return <Skeleton rows={4} label={t('common.loading')} />
  if (list.error && list.items.length === 0) return <ErrorState title={t('common.loadFailed')} message={errorMessage(list.error)} retryText={t('common.retry')} onRetry={() => void list.retry()} />
  if (list.empty) return <EmptyState title={t('mall.empty')} hint={t('mall.emptyHint')} />
  return (
    <View>
      <View className='mall-grid'>
        {list.items.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </View>
      <ListFooter
        loadingMore={list.loadingMore}
        hasMore={list.hasMore}
        failed={list.error ? { message: errorMessage(list.error), retryText: t('common.retry'), onRetry: () => void list.retry() } : undefined}
        loadingText={t('common.loadingMore')}
        endText={t('common.noMore')}
      />
    </View>
  )
}
