import { checkPendingOrder } from './pendingOrder'
import type { CheckPendingOnShow } from './pendingOnShow.types'

/** weapp: the main package holds the check (a mini-program has no chunks to load on demand). */
export const checkPendingOnShow: CheckPendingOnShow = async () => {
  await checkPendingOrder()
}
