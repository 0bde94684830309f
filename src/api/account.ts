import type { UserInfo } from '@/contract/account'
import type { ApiRes } from '@/contract/schemas'
import { firstAnswer, request } from '@/core/request'
import { rememberUserIds } from './roles'
import { useSignedInQuery, type SignedInOptions } from '@/hooks/useSignedIn'

/** Who I am, my card and my order counts (personal.user/info): Me, the Card tab, Delete account. */
export function useProfile(options: SignedInOptions = {}) {
  const remember = <A extends ApiRes<'personal.user/info'> | undefined>(answer: A): A => {
    if (answer) rememberUserIds(answer.user.userIds)
    return answer
  }
  return useSignedInQuery(
    () => request('personal.user/info', {}).then(remember),
    [],
    options,
    // Already in when Me's or the Card tab's first answers were asked for (issue 15): in the first render.
    () => remember(firstAnswer('personal.user/info', {})),
  )
}

/** Staff of a store (the profile's userIds.storeId): Me offers them the store workbench. */
export const isStaff = (user: Pick<UserInfo, 'userIds'> | undefined): boolean => user?.userIds.storeId !== null && user?.userIds.storeId !== undefined

/** Where this account is signed in (Signed-in devices). */
export function useSessions(options: SignedInOptions = {}) {
  return useSignedInQuery(() => request('personal.user/sessions', {}), [], options)
}

/** The orders that would stop my account's deletion now (Delete account lists them before offering it). */
export function useDeletionCheck(options: SignedInOptions = {}) {
  return useSignedInQuery(() => request('personal.user/deletionCheck', {}), [], options)
}
