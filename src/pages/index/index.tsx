import { Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useState } from 'react'
import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { EmptyState, ErrorState, ListFooter } from '@/components/StateView'
import { errorMessage, request } from '@/core/request'
import { getItem, setItem, type City } from '@/core/storage'
import FlashStrip from '@/features/home/FlashStrip'
import HomeTop from '@/features/home/HomeTop'
import { useT } from '@/features/home/messages'
import ShopRow from '@/components/ShopRow'
import { usePagedList } from '@/hooks/usePagedList'
import { useQuery } from '@/hooks/useQuery'

/** Home (tab): city, search, banners, services, the live flash sale, discount shops nearby. */
export default function IndexIndexPage() {
  const t = useT()
  const [city, setCity] = useState<City | undefined>(() => getItem('city'))
  const modules = useQuery(() => request('index/moduleList', {}), [])
  const cities = useQuery(() => request('website.hui_china_city/cityList', {}), [])
  const flash = useQuery(() => request('hui_public.hsh_seckill_prod/index', { page_size: 10 }), [])
  const shops = usePagedList((page, page_size) => request('hui_shanghu.shop/index', { city_id: city?.id, page, page_size }), { keyOf: (s) => s.id, deps: [city?.id] })
  useReachBottom(() => void shops.loadMore())
  usePullDownRefresh(() => {
    void Promise.all([modules.reload(), flash.reload(), shops.refresh()]).finally(() => void Taro.stopPullDownRefresh())
  })

  const chooseCity = (c: City) => {
    // Remembered for next time (PRODUCT.md §3).
    setItem('city', { id: c.id, name: c.name })
    setCity({ id: c.id, name: c.name })
  }

  return (
    <PageFrame route='pages/index/index'>
      {modules.error && !modules.data ? (
        <ErrorState title={t('home.modulesFailed')} message={errorMessage(modules.error)} retryText={t('common.retry')} onRetry={() => void modules.reload()} />
      ) : (
        <HomeTop city={city} cities={cities.data?.list ?? []} onCity={chooseCity} modules={modules.data} />
      )}
      {flash.data && <FlashStrip data={flash.data} />}
      <Text className='home-section-title'>{t('home.nearby')}</Text>
      {shops.loading ? (
        <Skeleton rows={3} label={t('common.loading')} />
      ) : shops.error && !shops.items.length ? (
        <ErrorState title={t('common.loadFailed')} message={errorMessage(shops.error)} retryText={t('common.retry')} onRetry={() => void shops.retry()} />
      ) : shops.empty ? (
        <EmptyState title={t('home.nearbyEmpty')} actionText={t('home.chooseCity')} onAction={() => cities.data && chooseCity(cities.data.list[0])} />
      ) : (
        <View>
          {shops.items.map((s) => (
            <ShopRow key={s.id} shop={s} />
          ))}
          <ListFooter loadingMore={shops.loadingMore} hasMore={shops.hasMore} loadingText={t('common.loadingMore')} endText={t('common.noMore')} />
        </View>
      )}
    </PageFrame>
  )
}
