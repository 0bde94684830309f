import { useLang } from '@/core/i18n'
import { request } from '@/core/request'
import { useQuery } from '@/hooks/useQuery'
import { useSignedInQuery } from '@/hooks/useSignedIn'

/** The membership cards on sale (Card tab). */
export function useCardProducts() {
  const lang = useLang()
  return useQuery(() => request('hui_public.card/index', {}), [lang])
}

/** My cards, for My cards, Old my cards and the Card page (one data source, several layouts); they need a shopper. */
export function useMyCards(returnTo: string) {
  const lang = useLang()
  return useSignedInQuery(() => request('personal.card/index', {}), [lang], { returnTo })
}
