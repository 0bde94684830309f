import { request } from '@/core/request'
import { useQuery } from '@/hooks/useQuery'

/** Home's banners and service entries. */
export function useModules() {
  return useQuery(() => request('index/moduleList', {}), [])
}

/** The cities Home can show shops of. */
export function useCities() {
  return useQuery(() => request('website.hui_china_city/cityList', {}), [])
}
