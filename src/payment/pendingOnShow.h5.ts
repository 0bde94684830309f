import { getItem } from '@/core/storage'
import type { CheckPendingOnShow } from './pendingOnShow.types'

/**
 * H5: the checking code (and the order rules it reads) is a chunk of its own, downloaded only when an order is
 * pending — a shopper opening Home does not pay for it in the first load (issue 12 size figures).
 */
export const checkPendingOnShow: CheckPendingOnShow = async () => {
  if (!getItem('pendingOrder')) return
  const { checkPendingOrder } = await import(/* webpackChunkName: "pending-order" */ './pendingOrder')
  await checkPendingOrder()
}
