import { useLang } from '@/core/i18n'
import { readyAnswer, request } from '@/core/request'
import { useQuery } from '@/hooks/useQuery'

/** The business classes shops are filed under (the Discount bill chips). */
export function useBusinessClasses() {
  const lang = useLang()
  // Already in when Discount bill's first calls were started early (issue 15): in its first render.
  return useQuery(() => request('hui_shanghu.hs_business_class/index', {}), [lang], true, () => readyAnswer('hui_shanghu.hs_business_class/index', {}))
}
