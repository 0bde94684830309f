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
