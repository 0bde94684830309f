import { useEffect, useRef, useState } from 'react'
import type { GeoPoint } from '@/contract/geo'
import { followCity } from '@/core/city'
import { firstAnswer, request } from '@/core/request'
import type { City } from '@/core/storage'
import { useQuery } from '@/hooks/useQuery'

/** Home's banners and service entries (their names come in the shopper's language: asked again when it changes). */
export function useModules() {
  return useQuery(() => request('index/moduleList', {}), [], true, () => firstAnswer('index/moduleList', {}))
}

/** The cities Home can show shops of. */
export function useCities() {
  return useQuery(() => request('website.hui_china_city/cityList', {}), [], true, () => firstAnswer('website.hui_china_city/cityList', {}))
}

/** Customer service: phone, WeChat and hours (Me). */
export function useServerInfo() {
  // Me's HTML carries it (FIRST_ANSWERS): in the first render, with the rest of the menu.
  return useQuery(() => request('index/serverInfo', {}), [], true, () => firstAnswer('index/serverInfo', {}))
}

/**
 * The city nearest the shopper (website.hui_china_city/locate) becomes Home's city unless they chose one
 * themselves: answers the city now in effect when it changed. A failed call changes nothing.
 */
export function followNearestCity(point: GeoPoint) {
  return request('website.hui_china_city/locate', point).then(
    (r) => followCity(r.city),
    () => undefined,
  )
}

/**
 * A nearby list's point: the shopper's location once the city has followed it (onCity with the new city), so the
 * list reloads once — by distance in the followed city — instead of by distance and then again for the city.
 */
export function useFollowedPoint(point: GeoPoint | undefined, onCity: (city: City) => void): GeoPoint | undefined {
  const [followed, setFollowed] = useState<GeoPoint | undefined>()
  const cityChanged = useRef(onCity)
  cityChanged.current = onCity
  useEffect(() => {
    if (!point) return undefined
    let live = true
    void followNearestCity(point).then((c) => {
      if (!live) return
      if (c) cityChanged.current(c)
      setFollowed(point)
    })
    return () => {
      live = false
    }
  }, [point])
  return followed
}
