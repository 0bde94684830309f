import { Text, View } from '@tarojs/components'
import Taro, { usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useState } from 'react'
import { useBusinessClasses } from '@/api/businessClasses'
import { useShopPages } from '@/api/shops'
import { useCities, useFollowedPoint } from '@/api/site'
import ChoiceSheet from '@/components/ChoiceSheet'
import LocationBar from '@/components/LocationBar'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import { EmptyState, ListFooter } from '@/components/StateView'
import { chooseCity } from '@/core/city'
import { getItem, type City } from '@/core/storage'
import { useShopperLocation } from '@/hooks/useShopperLocation'
import ShopRow from '@/components/ShopRow'
import { routeUrl } from '@/routes'
import { useT } from '@/features/shops/messages'
import '@/features/shops/shops.css'

/**
 * Discount bill: shops that take discounted bill payment, by business class and city. The city starts as Home's
 * and is shown with its own control (the same in-app sheet, plus "all cities"); a city chosen here is remembered.
 * With the shopper's location (asked by a tap, or quietly when allowed) shops come nearest first with distances.
 */
export default function DiscountBillIndexPage() {
  const t = useT()
  const [classId, setClassId] = useState<number | undefined>()
  const [cityId, setCityId] = useState<number | undefined>(() => getItem('city')?.id)
  const [choosingCity, setChoosingCity] = useState(false)
  const classes = useBusinessClasses()
  const cities = useCities()
  // Nearest first once the shopper's location is known; the city follows it until they choose one.
  const here = useShopperLocation()
  const near = useFollowedPoint(here.point, (c) => setCityId(c.id))
  const shops = useShopPages({ class_id: classId, city_id: cityId, lat: near?.lat, lng: near?.lng })
  useReachBottom(() => void shops.loadMore())
  usePullDownRefresh(() => void shops.refresh().finally(() => void Taro.stopPullDownRefresh()))

  const cityList = cities.data?.list ?? []
  // In the shopper's language from the list; the stored name until the list is in.
  const cityName = cityId === undefined ? t('shops.allCities') : (cityList.find((c) => c.id === cityId)?.name ?? getItem('city')?.name ?? '')
  const className = classes.data?.list.find((c) => c.id === classId)?.name
  const pickCity = (c: City | undefined) => {
    setCityId(c?.id)
    if (c) chooseCity(c)
  }

  // The empty state names what is filtering: the category (way out: all categories) or the city (another city).
  const empty =
    classId !== undefined
      ? { title: t('shops.emptyClass', { name: className ?? '', city: cityName }), hint: t('shops.emptyClassHint'), actionText: t('shops.allClasses'), onAction: () => setClassId(undefined) }
      : cityId !== undefined
        ? { title: t('shops.emptyCity', { city: cityName }), hint: t('shops.emptyCityHint'), actionText: t('shops.chooseCity'), onAction: () => setChoosingCity(true) }
        : { title: t('shops.empty') }

  return (
    <PageFrame route='pages/discountBill/index'>
      <View className='discount-bar'>
        <Text className='discount-bar__city tap-slop' role='button' tabIndex={0} aria-haspopup='dialog' onClick={() => setChoosingCity(true)}>
          {t('shops.city', { city: cityName })} ▾
        </Text>
      </View>
      <LocationBar loc={here.loc} onLocate={() => void here.locate()} onAllow={() => void here.allowLater()} />
      <ChoiceSheet
        id='discount-city-sheet'
        open={choosingCity}
        title={t('shops.chooseCity')}
        choices={[{ key: 'all', label: t('shops.allCities'), selected: cityId === undefined }, ...cityList.map((c) => ({ key: c.id, label: c.name, selected: c.id === cityId }))]}
        cancelText={t('common.cancel')}
        onPick={(i) => pickCity(i === 0 ? undefined : cityList[i - 1])}
        onClose={() => setChoosingCity(false)}
      />
      <View className='chips'>
        <Text className={`chips__chip tap-slop${classId === undefined ? ' chips__chip--active' : ''}`} role='button' tabIndex={0} aria-pressed={classId === undefined} onClick={() => setClassId(undefined)}>
          {t('shops.all')}
        </Text>
        {(classes.data?.list ?? [])
          .filter((c) => !c.oil)
          .map((c) => (
            <Text key={c.id} className={`chips__chip tap-slop chips__chip--${c.id}${classId === c.id ? ' chips__chip--active' : ''}`} role='button' tabIndex={0} aria-pressed={classId === c.id} onClick={() => setClassId(c.id)}>
              {c.name}
            </Text>
          ))}
      </View>
      <LoadState loading={shops.loading} error={shops.items.length ? null : shops.error} onRetry={() => void shops.retry()}>
        {shops.empty ? (
          <EmptyState {...empty} />
        ) : (
          <View>
            {shops.items.map((s) => (
              <ShopRow key={s.id} shop={s} />
            ))}
            <ListFooter loadingMore={shops.loadingMore} hasMore={shops.hasMore} loadingText={t('common.loadingMore')} endText={t('common.noMore')} />
            {!shops.hasMore && (
              // The end of the list: merchant sign-up (issue 26).
              <View className='join-card' role='link' tabIndex={0} onClick={() => void Taro.navigateTo({ url: routeUrl('pages/shopRegister/index') })}>
                <View className='join-card__words'>
                  <Text className='join-card__title'>{t('shops.joinTitle')}</Text>
                  <Text className='join-card__text'>{t('shops.joinText')}</Text>
                </View>
                <Text className='join-card__go'>{t('shops.join')}</Text>
              </View>
            )}
          </View>
        )}
      </LoadState>
    </PageFrame>
  )
}
