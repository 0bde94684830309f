import { request } from '@/core/request'
import { requireLogin } from '@/core/session'
import { useQuery } from '@/hooks/useQuery'

/** My cards, for My cards, Old my cards and the Card page (one data source, several layouts). */
export function useMyCards(returnTo: string) {
  const loggedIn = requireLogin(returnTo)
  return useQuery(() => request('personal.card/index', {}), [], loggedIn)
}
