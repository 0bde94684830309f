import { Image, ScrollView, Text, View } from '@tarojs/components'
import Taro, { useReachBottom } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { useTakeoutCategories, useTakeoutShops } from '@/api/takeout'
import LoadState from '@/components/LoadState'
import Skeleton from '@/components/Skeleton'
import { EmptyState, ListFooter } from '@/components/StateView'
import type { TakeoutShop } from '@/contract/takeout'
import { TAKEOUT_SORTS, type TakeoutSort } from '@/contract/takeoutEndpoints'
import { formatDistance } from '@/contract/distance'
import { centsToYuan } from '@/core/format'
import { assetUrl, errorMessage } from '@/core/request'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { routeUrl } from '@/routes'
import { PlaceBar, placeQuery, useTakeoutPlace } from './Place'
import { openText } from './time'
import { useT } from './messages'
import './takeout.css'

interface Props {
  /** Takeout home: the categories as a grid above the shops. The list (`list?category=`): a strip of them. */
  home: boolean
  categoryId?: number
}

/**
 * Takeout home and its list: where the food goes (./Place.tsx), categories, then the shops that deliver there (open
 * first, then by the sort) with picture, rating, monthly sales, delivery estimate, fee and minimum, their distance,
 * and open / closed / opens at on the server's clock. Without an address or a location: a city's shops, said to be
 * without distances; without even a city, no shops but the ways to say where (issue 39). Infinite scroll; a pull asks again.
 */
export default function ShopList({ home, categoryId: initialCategory }: Props) {
  const t = useT()
  const [sort, setSort] = useState<TakeoutSort>('distance')
  const [categoryId, setCategoryId] = useState<number | undefined>(initialCategory)
  const { place, here, pickCity, signedIn } = useTakeoutPlace()
  const categories = useTakeoutCategories()
  const known = place.kind !== 'none' && place.kind !== 'pending'
  // "Nearest" needs a point: with a city only it is not offered (the server would order by sales), sales stands in.
  const sorts = place.kind === 'city' ? TAKEOUT_SORTS.filter((x) => x !== 'distance') : TAKEOUT_SORTS
  const shownSort: TakeoutSort = place.kind === 'city' && sort === 'distance' ? 'sales' : sort
  const shops = useTakeoutShops({ categoryId, sort: shownSort, ...placeQuery(place) }, known)
  useReachBottom(() => void shops.loadMore())
  usePullRefresh(() => Promise.all([shops.refresh(), categories.reload()]))

  // The category the list opened with is scrolled into view once its chips are drawn (it may sit off-screen): asked
  // as soon as they render, Taro's H5 scroll view measured chips whose text was not laid out yet and stopped short.
  const [chipInView, setChipInView] = useState<string | undefined>(undefined)
  const chipsReady = Boolean(categories.data)
  useEffect(() => {
    if (home || !chipsReady || !initialCategory) return undefined
    const timer = setTimeout(() => setChipInView(`to-chip-${initialCategory}`), 300)
    return () => clearTimeout(timer)
  }, [home, chipsReady, initialCategory])

  const openCategory = (id: number) => void Taro.navigateTo({ url: routeUrl('pages/takeout/list', { category: id }) })

  return (
    <View className='to-home'>
      <PlaceBar place={place} here={here} signedIn={signedIn} onCity={pickCity} />
      {home && (
        <View className='to-searchbox' role='search'>
          <View className='to-searchbox__tap' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/takeout/search') })}>
            <View className='to-searchbox__icon' aria-hidden='true' />
            <Text className='to-searchbox__text'>{t('to.searchBox')}</Text>
          </View>
        </View>
      )}
      {home ? (
        <View className='to-cats' role='list' aria-label={t('to.categories')}>
          {categories.loading && !categories.data ? (
            <Skeleton rows={1} label={t('to.loadingMore')} />
          ) : (
            categories.data?.map((c) => (
              <View key={c.id} className='to-cat' role='listitem'>
                <View className='to-cat__tap' role='link' tabIndex={0} onClick={() => openCategory(c.id)}>
                  <Image className='to-cat__icon' src={assetUrl(c.icon)} mode='aspectFit' nativeProps={{ alt: '' }} />
                  <Text className='to-cat__name'>{c.name}</Text>
                </View>
              </View>
            ))
          )}
        </View>
      ) : (
        <ScrollView
          className='to-chips'
          scrollX
          enableFlex
          scrollIntoView={chipInView}
          role='tablist'
          aria-label={t('to.categories')}
        >
          {[{ id: 0, name: t('to.all') }, ...(categories.data ?? [])].map((c) => {
            const on = (categoryId ?? 0) === c.id
            return (
              <Text key={c.id} id={`to-chip-${c.id}`} className={`to-chip${on ? ' to-chip--on' : ''}`} role='tab' tabIndex={0} aria-selected={on} onClick={() => setCategoryId(c.id || undefined)}>
                {c.name}
              </Text>
            )
          })}
        </ScrollView>
      )}

      {place.kind !== 'none' && (
        <View className='to-sorts'>
          <Text className='to-sorts__title' role='heading' aria-level={2}>
            {t('to.nearby')}
          </Text>
          <View className='to-sorts__row' role='radiogroup' aria-label={t('to.sort')}>
            {sorts.map((s) => (
              <Text key={s} className={`to-sort to-sort--${s}${shownSort === s ? ' to-sort--on' : ''}`} role='radio' tabIndex={0} aria-checked={shownSort === s} onClick={() => setSort(s)}>
                {t(`to.sort.${s}`)}
              </Text>
            ))}
          </View>
        </View>
      )}

      {place.kind === 'pending' ? (
        <Skeleton rows={4} label={t('to.loadingMore')} />
      ) : place.kind === 'none' ? null : (
        <LoadState loading={shops.loading} error={shops.items.length === 0 ? shops.error : null} onRetry={() => void shops.retry()} rows={4}>
          {shops.empty ? (
            place.kind === 'city' ? (
              <EmptyState title={t(categoryId ? 'to.emptyCategory' : 'to.empty')} hint={t('to.emptyHint')} />
            ) : (
              <EmptyState title={t('to.emptyHere')} hint={t('to.emptyHereHint')} />
            )
          ) : (
            <View className='to-shops' role='list'>
              {shops.items.map((s) => (
                <ShopCard key={s.id} shop={s} />
              ))}
              <ListFooter
                loadingMore={shops.loadingMore}
                hasMore={shops.hasMore}
                loadingText={t('to.loadingMore')}
                endText={t('to.end')}
                failed={shops.error && shops.items.length > 0 ? { message: errorMessage(shops.error), retryText: t('to.loadingMore'), onRetry: () => void shops.retry() } : undefined}
              />
            </View>
          )}
        </LoadState>
      )}
    </View>
  )
}

export function ShopCard({ shop: s }: { shop: TakeoutShop }) {
  const t = useT()
  const open = () => void Taro.navigateTo({ url: routeUrl('pages/takeout/detail', { id: s.id }) })
  const shut = s.open.state !== 'open'
  return (
    <View className={`to-shop${shut ? ' to-shop--shut' : ''}${s.in_range === false ? ' to-shop--far' : ''}`} role='listitem'>
      <View className='to-shop__tap' role='link' tabIndex={0} onClick={open}>
        <View className='to-shop__pic'>
          <Image className='to-shop__img' src={assetUrl(s.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
          {shut && <Text className='to-shop__badge'>{s.open.state === 'paused' ? t('to.paused') : t('to.closed')}</Text>}
        </View>
        <View className='to-shop__body'>
          <Text className='to-shop__name'>{s.name}</Text>
          <View className='to-shop__row'>
            <Text className='to-shop__rating'>{t('to.rating', { rating: s.rating.toFixed(1) })}</Text>
            <Text className='to-shop__sales'>{t('to.monthly', { n: s.monthly_sales })}</Text>
            <Text className='to-shop__eta'>{t('to.minutes', { n: s.delivery_minutes })}</Text>
            {s.distance !== null && <Text className='to-shop__distance'>{formatDistance(s.distance)}</Text>}
          </View>
          <View className='to-shop__row'>
            <Text className='to-shop__fees'>
              {t('to.minOrder', { amount: centsToYuan(s.min_order) })} · {s.delivery_fee === 0 ? t('to.freeDelivery') : t(s.distance === null ? 'to.deliveryFrom' : 'to.deliveryFee', { amount: centsToYuan(s.delivery_fee) })}
            </Text>
          </View>
          <View className='to-shop__row'>
            {s.open.state === 'closed' && <Text className='to-shop__state to-shop__state--closed'>{openText(t, s.open.opens_at)}</Text>}
            {s.open.state === 'closed' && <Text className='to-tag'>{t('to.preorder')}</Text>}
            {s.pickup && <Text className='to-tag'>{t('to.pickup')}</Text>}
            {s.in_range === false && <Text className='to-tag to-tag--warn'>{t('to.outOfRange')}</Text>}
          </View>
        </View>
      </View>
    </View>
  )
}
