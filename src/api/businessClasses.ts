import { useLang } from '@/core/i18n'
import { request } from '@/core/request'
import { useQuery } from '@/hooks/useQuery'

/** The business classes shops are filed under (the Discount bill chips). */
export function useBusinessClasses() {
  const lang = useLang()
  return useQuery(() => request('hui_shanghu.hs_business_class/index', {}), [lang])
}
