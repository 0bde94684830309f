import type { DeletionBlocker } from '@/contract/account'
import { ORDER_KINDS } from '@/contract/constants'
import { isRefusal } from '@/core/request'

const isBlocker = (o: unknown): o is DeletionBlocker => {
  if (!o || typeof o !== 'object') return false
  const b = o as Record<string, unknown>
  return (
    typeof b.id === 'number' &&
    typeof b.order_no === 'string' &&
    (ORDER_KINDS as readonly unknown[]).includes(b.kind) &&
    typeof b.title === 'string' &&
    typeof b.order_status === 'number' &&
    typeof b.pay_amount === 'number' &&
    typeof b.create_time === 'string'
  )
}

/**
 * The orders a refused deletion names (reason `account_has_open_orders`, `data.orders`: docs/api.md
 * `personal.user/delete`); null for any other failure. Entries that are not orders are left out.
 */
export function deletionBlockersOf(error: unknown): DeletionBlocker[] | null {
  if (!isRefusal(error, 'account_has_open_orders')) return null
  const data: unknown = error.data
  const orders = data && typeof data === 'object' ? (data as { orders?: unknown }).orders : undefined
  return Array.isArray(orders) ? orders.filter(isBlocker) : []
}
