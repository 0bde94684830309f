import type { UserInfo } from '@/contract/account'
import { ApiError, request } from '@/core/request'
import { forgetExpiredSessionQuietly } from '@/core/session'
import { getItem, setItem } from '@/core/storage'

/** Keep the roles the server gives this account (bind, launch, every profile read): the stored `userIds`. */
export function rememberUserIds(ids: UserInfo['userIds']): void {
  if (!getItem('token')) return
  setItem('userIds', {
    ...(ids.userIdAgent !== null ? { userIdAgent: ids.userIdAgent } : {}),
    ...(ids.userIdBuss !== null ? { userIdBuss: ids.userIdBuss } : {}),
    ...(ids.storeId !== null ? { storeId: ids.storeId } : {}),
  })
}

/**
 * On launch, a signed-in device asks for its profile once and keeps the roles: someone made staff (or no longer
 * staff) since the last read has it without logging in again. Quiet: an expired session is forgotten here — no
 * jump to Authorization at launch — and a failure leaves what was stored.
 */
export async function refreshRolesOnLaunch(): Promise<void> {
  const token = getItem('token')
  if (!token) return
  try {
    const answer = await request('personal.user/info', {}, { token })
    if (getItem('token') === token) rememberUserIds(answer.user.userIds)
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'auth' && getItem('token') === token) forgetExpiredSessionQuietly(token)
  }
}
