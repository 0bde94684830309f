import { Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useState } from 'react'
import { useFlashSales } from '@/api/flashSales'
import { HOME_FLASH_PAGE_SIZE } from '@/contract/firstAnswers'
import { useShopPages } from '@/api/shops'
import { useCities, useFollowedPoint, useModules } from '@/api/site'
import LocationBar from '@/components/LocationBar'
import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { EmptyState, ErrorState, ListFooter } from '@/components/StateView'
import { errorMessage } from '@/core/request'
import { chooseCity as chooseCityByHand } from '@/core/city'
import { getItem, type City } from '@/core/storage'
import FlashStrip from '@/features/home/FlashStrip'
import HomeTop from '@/features/home/HomeTop'
import { useT } from '@/features/home/messages'
import ShopRow from '@/components/ShopRow'
import { useShopperLocation } from '@/hooks/useShopperLocation'
import { useFirstScreenReplaced } from '@/hooks/useFirstScreenReplaced'

/** Home (tab): city, search, banners, services, the live flash sale, discount shops nearby. */
export default function IndexIndexPage() {
  const t = useT()
  const [city, setCity] = useState<City | undefined>(() => getItem('city'))
  const modules = useModules()
  const cities = useCities()
  const flash = useFlashSales(HOME_FLASH_PAGE_SIZE)
  // Location only for this list (asked when the shopper taps, or quietly when already allowed): nearest first,
  // and the city follows it until the shopper chooses one.
  const here = useShopperLocation()
  const near = useFollowedPoint(here.point, setCity)
  const shops = useShopPages({ city_id: city?.id, lat: near?.lat, lng: near?.lng })
  useReachBottom(() => void shops.loadMore())
  usePullDownRefresh(() => {
    void Promise.all([modules.reload(), flash.reload(), shops.refresh()]).finally(() => void Taro.stopPullDownRefresh())
  })

  // The drawn screen goes with Home's services (or their failure); the page is given the flash sales with them
  // (server/hosting/firstAnswers.ts), so the strip is in that render too.
  useFirstScreenReplaced(!!modules.error || !!modules.data)

  // Remembered for next time, and no longer following the location.
  const chooseCity = (c: City) => setCity(chooseCityByHand(c))

  return (
    <PageFrame route='pages/index/index'>
      {modules.error && !modules.data ? (
        <ErrorState title={t('home.modulesFailed')} message={errorMessage(modules.error)} retryText={t('common.retry')} onRetry={() => void modules.reload()} />
      ) : (
        <HomeTop city={city} cities={cities.data?.list ?? []} onCity={chooseCity} modules={modules.data} />
      )}
      {flash.data && <FlashStrip data={flash.data} />}
      <Text className='home-section-title'>{t('home.nearby')}</Text>
      <LocationBar loc={here.loc} onLocate={() => void here.locate()} onAllow={() => void here.allowLater()} />
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
