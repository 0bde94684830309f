import type { GeoPoint } from '@/contract/geo'
import { followCity } from '@/core/city'
import { useLang } from '@/core/i18n'
import { request } from '@/core/request'
import { useQuery } from '@/hooks/useQuery'

/** Home's banners and service entries (their names come in the shopper's language: asked again when it changes). */
export function useModules() {
  const lang = useLang()
  return useQuery(() => request('index/moduleList', {}), [lang])
}

/** The cities Home can show shops of. */
export function useCities() {
  const lang = useLang()
  return useQuery(() => request('website.hui_china_city/cityList', {}), [lang])
}

/** Customer service: phone, WeChat and hours (Me). */
export function useServerInfo() {
  const lang = useLang()
  return useQuery(() => request('index/serverInfo', {}), [lang])
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
