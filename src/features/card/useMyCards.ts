import { request } from '@/core/request'
import { useLoginRequired } from '@/hooks/useLoginRequired'
import { useQuery } from '@/hooks/useQuery'

/** My cards, for My cards, Old my cards and the Card page (one data source, several layouts). */
export function useMyCards(returnTo: string) {
  const loggedIn = useLoginRequired(returnTo)
  const cards = useQuery(() => request('personal.card/index', {}), [], loggedIn)
  return { ...cards, loginTo: loggedIn ? undefined : returnTo }
}
