import { useLang } from '@/core/i18n'
import { request } from '@/core/request'
import { useSignedInQuery, type SignedInOptions } from '@/hooks/useSignedIn'

/** Who I am, my card and my order counts (personal.user/info): Me, the Card tab, Delete account. */
export function useProfile(options: SignedInOptions = {}) {
  const lang = useLang()
  return useSignedInQuery(() => request('personal.user/info', {}), [lang], options)
}

/** Where this account is signed in (Signed-in devices). */
export function useSessions(options: SignedInOptions = {}) {
  return useSignedInQuery(() => request('personal.user/sessions', {}), [], options)
}
