import { firstAnswer, request } from '@/core/request'
import { useQuery } from '@/hooks/useQuery'

/** The business classes shops are filed under (the Discount bill chips). */
export function useBusinessClasses() {
  // Already in when Discount bill's first answers were asked for (issue 15): in its first render.
  return useQuery(() => request('hui_shanghu.hs_business_class/index', {}), [], true, () => firstAnswer('hui_shanghu.hs_business_class/index', {}))
}
