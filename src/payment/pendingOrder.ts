import Taro from '@tarojs/taro'
import { askAgain } from '@/core/cache'
import { payStage } from '@/contract/orderRules'
import { request } from '@/core/request'
import { getItem, removeItem, setItem } from '@/core/storage'
import { routeUrl } from '@/routes'

/** A pending order is checked at most 4 times; the record goes once the counter exceeds 3. */
export const MAX_PENDING_TIMES = 3

export type PendingCheck =
  | { state: 'none' }
  | { state: 'paid'; orderID: number }
  | { state: 'waiting'; orderID: number; times: number }
  | { state: 'gaveUp'; orderID: number }
  | { state: 'closed'; orderID: number }
  /** Refunding (60) or refunded (70): the record goes, and nothing says "paid". */
  | { state: 'refund'; orderID: number }

/** Remember the order before the shopper leaves the app to pay. */
export function savePendingOrder(orderID: number, kind: string): void {
  setItem('pendingOrder', { orderID, times: 0, kind })
}

export function clearPendingOrder(): void {
  removeItem('pendingOrder')
}

let running: Promise<PendingCheck> | null = null

/**
 * Run on every app show and on the success page: ask the server about the stored order (personal.order/payResult:
 * the server asks the provider if no notification came). Paid (status 10)
 * → record cleared and, for a `product` order, on to its detail page. Only the server's answer counts.
 * Concurrent callers share one check, so one show never counts twice.
 */
export function checkPendingOrder(): Promise<PendingCheck> {
  running ??= runCheck().finally(() => {
    running = null
  })
  return running
}

async function runCheck(): Promise<PendingCheck> {
  const record = getItem('pendingOrder')
  if (!record) return { state: 'none' }
  const times = record.times + 1
  setItem('pendingOrder', { ...record, times })

  let status: number | null = null
  let kind = record.kind
  try {
    // The order as it is now, never a kept answer (src/core/cache.ts): payResult asks the provider when no notification
    // has settled it yet (a return from WeChat Pay's or Alipay's page proves nothing).
    const { info } = await askAgain(() => request('personal.order/payResult', { id: record.orderID }))
    status = info.order_status
    kind = info.kind
  } catch {
    // Offline or not found: the attempt still counts.
  }

  const stage = status === null ? null : payStage(status)
  if (stage === 'refunding' || stage === 'refunded') {
    clearPendingOrder()
    return { state: 'refund', orderID: record.orderID }
  }
  if (stage === 'paid') {
    clearPendingOrder()
    if (kind === 'product') void Taro.navigateTo({ url: routeUrl('pages/orders/detail', { id: record.orderID }) }).catch(() => undefined)
    return { state: 'paid', orderID: record.orderID }
  }
  if (stage === 'cancelled') {
    clearPendingOrder()
    return { state: 'closed', orderID: record.orderID }
  }
  if (times > MAX_PENDING_TIMES) {
    clearPendingOrder()
    return { state: 'gaveUp', orderID: record.orderID }
  }
  return { state: 'waiting', orderID: record.orderID, times }
}
