import { firstAnswer, request } from '@/core/request'
import { useQuery } from '@/hooks/useQuery'
import { useSignedInQuery } from '@/hooks/useSignedIn'

/** The membership cards on sale (Card tab). */
export function useCardProducts() {
  // Already in when the Card tab's first answers were asked for (issue 15): in its first render.
  return useQuery(() => request('hui_public.card/index', {}), [], true, () => firstAnswer('hui_public.card/index', {}))
}

/** My cards, for My cards, Old my cards and the Card page (one data source, several layouts); they need a shopper. */
export function useMyCards(returnTo: string) {
  return useSignedInQuery(() => request('personal.card/index', {}), [], { returnTo })
}
