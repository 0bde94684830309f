import { readyAnswer, request } from '@/core/request'
import { useQuery } from '@/hooks/useQuery'

/** The business classes shops are filed under (the Discount bill chips). */
export function useBusinessClasses() {
  // Already in when Discount bill's first calls were started early (issue 15): in its first render.
  return useQuery(() => request('hui_shanghu.hs_business_class/index', {}), [], true, () => readyAnswer('hui_shanghu.hs_business_class/index', {}))
}
