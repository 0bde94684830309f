import type { UserInfo } from '@/contract/account'
import { useLang } from '@/core/i18n'
import { request } from '@/core/request'
import { rememberUserIds } from './roles'
import { useSignedInQuery, type SignedInOptions } from '@/hooks/useSignedIn'

/** Who I am, my card and my order counts (personal.user/info): Me, the Card tab, Delete account. */
export function useProfile(options: SignedInOptions = {}) {
  const lang = useLang()
  return useSignedInQuery(
    () =>
      request('personal.user/info', {}).then((answer) => {
        rememberUserIds(answer.user.userIds)
        return answer
      }),
    [lang],
    options,
  )
}

/** Staff of a store (the profile's userIds.storeId): Me offers them the store workbench. */
export const isStaff = (user: Pick<UserInfo, 'userIds'> | undefined): boolean => user?.userIds.storeId !== null && user?.userIds.storeId !== undefined

/** Where this account is signed in (Signed-in devices). */
export function useSessions(options: SignedInOptions = {}) {
  return useSignedInQuery(() => request('personal.user/sessions', {}), [], options)
}
