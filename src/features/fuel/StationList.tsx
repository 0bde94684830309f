import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import { useStations, type StationsNear } from '@/api/fuel'
import { useCities } from '@/api/site'
import LoadState from '@/components/LoadState'
import LocationBar from '@/components/LocationBar'
import Skeleton from '@/components/Skeleton'
import { EmptyState } from '@/components/StateView'
import type { Station } from '@/contract/fuel'
import { centsToYuan } from '@/core/format'
import { getItem } from '@/core/storage'
import { locator } from '@/platform/location'
import type { LocateResult } from '@/platform/location.types'
import { routeUrl } from '@/routes'
import { useT } from './messages'
import { isAllDay } from './rules'
import { formatDistance } from '@/contract/distance'
import './fuel.css'
import { usePullRefresh } from '@/hooks/usePullRefresh'

/**
 * The stations near the shopper: located → nearest first with distances; not located (refused, timed out, not
 * possible here) → the stations of the city Home remembers, with a hint and, where the platform can, a way to
 * allow location later. Never a dead end.
 */
export default function StationList() {
  const t = useT()
  const [located, setLocated] = useState<LocateResult | null>(null)
  const city = getItem('city')
  // The city's name in the shopper's language from the list; the stored name (as it was picked) until the list is in.
  const cities = useCities()
  const cityName = cities.data?.list.find((c) => c.id === city?.id)?.name ?? city?.name

  const locate = useCallback(() => {
    setLocated(null)
    void locator.locate().then(setLocated, () => setLocated({ failed: 'unavailable' }))
  }, [])
  useEffect(locate, [locate])

  const near: StationsNear | null = located === null ? null : 'point' in located ? { point: located.point } : { cityId: city?.id }
  const stations = useStations(near)
  // A pull asks again (prices and stations change); while still locating there is nothing asked yet.
  usePullRefresh(() => (near === null ? Promise.resolve() : stations.reload()))
  const allowLater = () =>
    void locator.allowLater().then((allowed) => {
      if (allowed) locate()
    })

  if (located === null) return <Skeleton rows={3} label={t('fuel.locating')} />
  const heading = 'point' in located ? t('fuel.nearby') : city ? t('fuel.inCity', { city: cityName ?? '' }) : t('fuel.allStations')
  return (
    <View className='fuel'>
      {'failed' in located && <LocationBar loc={{ state: 'failed', failed: located.failed }} onLocate={locate} onAllow={allowLater} />}
      <Text className='fuel__heading' role='heading' aria-level={2}>
        {heading}
      </Text>
      <LoadState loading={stations.loading} error={stations.error} onRetry={() => void stations.reload()} rows={3}>
        {stations.data && stations.data.list.length === 0 ? (
          <EmptyState title={t('fuel.empty')} hint={t('fuel.emptyHint')} actionText={t('fuel.home')} onAction={() => void Taro.switchTab({ url: routeUrl('pages/index/index') })} />
        ) : (
          stations.data?.list.map((st) => <StationCard key={st.id} station={st} />)
        )}
      </LoadState>
    </View>
  )
}

function StationCard({ station }: { station: Station }) {
  const t = useT()
  const open = () => void Taro.navigateTo({ url: routeUrl('pages/payBill/oil', { station_id: station.id }) })
  return (
    <View className='fuel-station' role='link' tabIndex={0} onClick={open}>
      <View className='fuel-station__head'>
        <Text className='fuel-station__name'>{station.name}</Text>
        {station.distance !== null && <Text className='fuel-station__distance'>{formatDistance(station.distance)}</Text>}
      </View>
      <Text className='fuel-station__meta'>
        {station.brand} · {isAllDay(station.hours) ? t('fuel.allDay') : t('fuel.hours', { hours: station.hours })}
      </Text>
      <Text className='fuel-station__address'>{station.address}</Text>
      <View className='fuel-station__grades'>
        {station.grades.map((g) => (
          <View key={g.grade} className='fuel-station__grade'>
            <Text className='fuel-station__grade-name'>{g.grade}</Text>
            <Text className='fuel-station__grade-price'>{t('fuel.member')} {t('fuel.perLitre', { price: centsToYuan(g.member_price) })}</Text>
            <Text className='fuel-station__grade-list'>{t('fuel.listPrice')} {t('fuel.perLitre', { price: centsToYuan(g.price) })}</Text>
          </View>
        ))}
      </View>
    </View>
  )
}
