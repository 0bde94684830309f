import type { Q } from '../../storage/query'
import type { z } from 'zod'
import type { OrderPayload } from '../../../src/contract/order'
import { refuse } from '../refusal'
import * as orders from '../../storage/repo/orders'
import type { OrderRow } from '../../storage/repo/orders'
import * as repo from '../../storage/repo/takeout'
import { nowMs } from '../../time'

type TakeoutPayload = Extract<z.output<typeof OrderPayload>, { kind: 'takeout' }>

/** A cart's lines as a comparable text: each dish with its options (in any order) and how many, whatever the lines' order. */
export function cartKey(items: ReadonlyArray<{ id: number; quantity: number; option_ids?: readonly number[] }>): string {
  const counts = new Map<string, number>()
  for (const i of items) {
    const key = `${i.id}:${[...(i.option_ids ?? [])].sort((a, b) => a - b).join(',')}`
    counts.set(key, (counts.get(key) ?? 0) + i.quantity)
  }
  return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, n]) => `${k}x${n}`).join(';')
}

/** An unpaid order of the same cart: its row, and whether the request is the very one it was made by. */
export interface UnpaidTwin {
  order: OrderRow
  same: boolean
}

/**
 * One unpaid order per cart (issue 39; docs/api.md "Takeout", Ordering): a shopper back from the cashier who taps
 * "Place order" again sends a new client_request_id. While they have an unpaid takeout order at this shop (not past
 * its payment time) made of the same lines — dishes, options, quantities, in any order — createOrder
 * - returns that order for the same request (every other field too: mode, address, slot, tableware, remark, coupon),
 *   as a retry of its request id would be — before pricing, which would find its coupon taken by it;
 * - refuses a request that changes anything else with `twinRefusal` once the request is priced (its own refusals,
 *   such as a missing address, come first): pay that order or cancel it, rather than two orders of one dinner.
 * Other lines make an order of their own. Runs inside createOrder's transaction, after the shopper's row is locked
 * (two taps at once: the second sees the first's order).
 */
export async function unpaidTwin(db: Q, userId: number, p: TakeoutPayload, requestHash: string): Promise<UnpaidTwin | null> {
  const key = cartKey(p.items)
  let twin: UnpaidTwin | null = null
  for (const o of await repo.unpaidAtShop(db, userId, p.shop_id, nowMs())) {
    const detail = JSON.parse(o.detail) as { items?: Array<{ id: number; quantity: number; option_ids?: number[] }> }
    if (!Array.isArray(detail.items) || cartKey(detail.items) !== key) continue
    const same = o.request_hash === requestHash
    if (same || !twin) {
      const order = await orders.byId(db, o.id)
      if (order) twin = { order, same }
    }
    if (same) break
  }
  return twin
}

/** `takeout_unpaid_order`: the same cart waits to be paid (its amount, and its id in `data.order_id` for the app). */
export const twinRefusal = (twin: UnpaidTwin) => refuse('takeout_unpaid_order', { amount: (twin.order.pay_amount / 100).toFixed(2) }, { data: { order_id: twin.order.id } })
