import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useCallback, useEffect, useState } from 'react'
import { useAddresses } from '@/api/addresses'
import type { PlaceQuery } from '@/api/takeout'
import { useCities } from '@/api/site'
import ChoiceSheet from '@/components/ChoiceSheet'
import LocationBar from '@/components/LocationBar'
import type { Address } from '@/contract/address'
import { regionName } from '@/contract/regionNames'
import { chooseCity } from '@/core/city'
import { ADDRESS_SELECTED_EVENT } from '@/core/events'
import { useLang } from '@/core/i18n'
import { getItem, setItem, type City } from '@/core/storage'
import { useShopperLocation } from '@/hooks/useShopperLocation'
import { routeUrl } from '@/routes'
import { useT } from './messages'
import './takeout.css'

/**
 * Where the food goes (issue 39; docs/decisions/2026-12-06-takeout-list-by-delivery-place.md), in this order:
 * - `address`: the signed-in shopper's address — the one chosen on takeout (kept: `takeoutAddressId`), else their
 *   default, else their first; the server lists only the shops that deliver there, with distances from it;
 * - `point`: the located point (no address): the same, from where the phone is;
 * - `city`: the chosen city only — its shops, no distance and no word on delivery (said so, with the fixes);
 * - `none`: nothing known — no shops of anywhere, the fixes instead;
 * - `pending`: the addresses are still being read (nothing is listed twice).
 */
export type Place =
  | { kind: 'address'; address: Address }
  | { kind: 'point'; query: PlaceQuery }
  | { kind: 'city'; city: City }
  | { kind: 'none' }
  | { kind: 'pending' }

/** The place's query for the list and search (empty while pending or unknown). */
export function placeQuery(place: Place): PlaceQuery {
  if (place.kind === 'address') return { addressId: place.address.id }
  if (place.kind === 'point') return place.query
  if (place.kind === 'city') return { cityId: place.city.id }
  return {}
}

/** The address takeout delivers to among the shopper's: the one chosen on takeout, else the default, else the first. */
export function takeoutAddress(list: Address[], chosen = getItem('takeoutAddressId')): Address | null {
  return list.find((a) => a.id === chosen) ?? list.find((a) => a.is_default) ?? list[0] ?? null
}

/** Takeout remembers the address chosen for it (the list's, Confirm's): the next list and Confirm start there. */
export const rememberTakeoutAddress = (a: Address) => setItem('takeoutAddressId', a.id)

export function useTakeoutPlace() {
  const here = useShopperLocation()
  // Read again on every return (an address added or chosen meanwhile).
  const addresses = useAddresses({ reloadOnReturn: true })
  const [city, setCity] = useState<City | undefined>(() => getItem('city'))
  const [chosen, setChosen] = useState<number | undefined>(() => getItem('takeoutAddressId'))
  useEffect(() => {
    const onChosen = (a: Address) => {
      rememberTakeoutAddress(a)
      setChosen(a.id)
    }
    Taro.eventCenter.on(ADDRESS_SELECTED_EVENT, onChosen)
    return () => void Taro.eventCenter.off(ADDRESS_SELECTED_EVENT, onChosen)
  }, [])
  const list = addresses.data?.list
  const address = list ? takeoutAddress(list, chosen) : null
  const place: Place =
    addresses.signedIn && !addresses.data && !addresses.error
      ? { kind: 'pending' }
      : address
        ? { kind: 'address', address }
        : here.point
          ? { kind: 'point', query: { point: here.point } }
          : city
            ? { kind: 'city', city }
            : { kind: 'none' }
  const pickCity = useCallback((c: City) => setCity(chooseCity(c)), [])
  return { place, here, pickCity, signedIn: addresses.signedIn }
}

const chooseAddress = () => void Taro.navigateTo({ url: routeUrl('pages/personal/address', { select: 1 }) })

interface BarProps {
  place: Place
  here: ReturnType<typeof useShopperLocation>
  signedIn: boolean
  onCity: (c: City) => void
}

/**
 * Above takeout's list and search: where the food goes and, when it is not known, what that means and how to fix
 * it (choose an address, use the location, choose a city). The address opens Addresses to choose another.
 */
export function PlaceBar({ place, here, signedIn, onCity }: BarProps) {
  const t = useT()
  const lang = useLang()
  if (place.kind === 'pending') return <View className='to-place to-place--pending' />
  if (place.kind === 'address') {
    const a = place.address
    return (
      <View className='to-place to-place--address' role='button' tabIndex={0} onClick={chooseAddress}>
        <Text className='to-place__label'>{t('to.place.deliverTo')}</Text>
        {/* The street first, as a rider reads it (the district for which one); the whole line is on Confirm. */}
        <Text className='to-place__where'>{lang === 'en' ? `${a.detail}, ${regionName(lang, a.district)}` : `${a.district}${a.detail}`} ›</Text>
      </View>
    )
  }
  if (place.kind === 'point')
    return (
      <View className='to-place to-place--point'>
        <Text className='to-place__label'>{t('to.place.deliverTo')}</Text>
        <Text className='to-place__where'>{t('to.place.here')}</Text>
        {signedIn && (
          <Text className='to-place__fix to-place__fix--address' role='button' tabIndex={0} onClick={chooseAddress}>
            {t('to.place.chooseAddress')}
          </Text>
        )}
      </View>
    )

  const locating = here.loc.state === 'locating'
  return (
    <View className={`to-place to-place--${place.kind === 'city' ? 'city' : 'unknown'}`} role='status'>
      <Text className='to-place__title'>{place.kind === 'city' ? t('to.place.cityOnly', { city: place.city.name }) : t('to.place.unknown')}</Text>
      <Text className='to-place__hint'>{t(place.kind === 'city' ? 'to.place.cityHint' : 'to.place.unknownHint')}</Text>
      <View className='to-place__fixes'>
        <Text className='to-place__fix to-place__fix--address' role='button' tabIndex={0} onClick={chooseAddress}>
          {t('to.place.chooseAddress')}
        </Text>
        {here.loc.state !== 'failed' && (
          <Text className='to-place__fix to-place__fix--locate' role='button' tabIndex={0} aria-busy={locating} onClick={locating ? undefined : () => void here.locate()}>
            {t('to.locate')}
          </Text>
        )}
        <CityFix current={place.kind === 'city' ? place.city.id : undefined} onCity={onCity} />
      </View>
      {/* A refused or failed location: why, and how to allow it (weapp's settings page, the browser's). */}
      {here.loc.state === 'failed' && <LocationBar loc={here.loc} onLocate={() => void here.locate()} onAllow={() => void here.allowLater()} />}
    </View>
  )
}

/** "Choose a city" and its sheet (the cities read only where this shows). */
function CityFix({ current, onCity }: { current: number | undefined; onCity: (c: City) => void }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const cities = useCities()
  const list = cities.data?.list ?? []
  return (
    <>
      <Text className='to-place__fix to-place__fix--city' role='button' tabIndex={0} aria-haspopup='dialog' onClick={() => setOpen(true)}>
        {current === undefined ? t('to.place.chooseCity') : t('to.place.otherCity')}
      </Text>
      <ChoiceSheet
        id='to-city-sheet'
        open={open}
        title={t('to.place.chooseCity')}
        choices={list.map((c) => ({ key: c.id, label: c.name, selected: c.id === current }))}
        cancelText={t('to.cancel')}
        onPick={(i) => onCity(list[i])}
        onClose={() => setOpen(false)}
      />
    </>
  )
}
