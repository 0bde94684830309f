import type { OrderInfo, OrderPayload, PayparamAnswer, PriceQuote } from '@/contract/order'
import { isPaidStatus, payStage, type PayStage } from '@/contract/orderRules'
import { toastError, toastInfo, toastSuccess } from '@/core/feedback'
import { askAgain, invalidate } from '@/core/cache'
import { ApiError, isRefusal, request } from '@/core/request'
import { paymentAdapter } from './adapter'
import type { PayMethodChoice, PayparamExtras } from './adapter.types'
// Its t reads the core words too; the refund words travel with the payment screens, not the first load.
import { t } from './messages'
import { clearPendingOrder, savePendingOrder } from './pendingOrder'
import { routeUrl } from '@/routes'

/** 'refund': the order's money is on its way back (or back): payparam refuses and nothing is taken. */
export type PayStatus = 'paid' | 'pending' | 'cancelled' | 'failed' | 'redirected' | 'refund'

export interface PayOutcome {
  status: PayStatus
  order: OrderInfo
}

const isRefundStage = (stage: PayStage) => stage === 'refunding' || stage === 'refunded'

/** The server's price for an order (discounts, coupons, fees). The client never computes one. */
export function quote(payload: OrderPayload): Promise<PriceQuote> {
  return request('personal.order/preCreate', payload, { toastOnError: true })
}

export async function createOrder(payload: OrderPayload, clientRequestId: string): Promise<OrderInfo> {
  const { order_info } = await request('personal.order/create', { ...payload, client_request_id: clientRequestId }, { toastOnError: true })
  return order_info
}

/** Where the H5 cashier sends the shopper back to; after a failure the order says what happened (`pay=failed`). */
export function returnUrls(order: OrderInfo) {
  // A takeout order comes back to its own page: its timeline follows the store (issue 25).
  const success = order.kind === 'takeout' ? routeUrl('pages/takeout/orderDetail', { id: order.id }) : routeUrl('pages/payBill/success', { id: order.id })
  return { success, fail: routeUrl('pages/orders/detail', { id: order.id, pay: 'failed' }) }
}

/**
 * payparam → platform adapter. pay_state 1 means already paid. Before leaving the app the order is kept
 * as the pending-order record; "paid" is only ever said on the server's word (status 10).
 */
export async function payOrder(order: OrderInfo): Promise<PayOutcome> {
  const extras = await paymentAdapter.extras(order, returnUrls(order))
  let answer: PayparamAnswer
  try {
    const asked = await askPayparam(order, extras)
    if (asked === 'cancelled') return { status: 'cancelled', order }
    if (asked === 'redirected') return { status: 'redirected', order }
    answer = asked
  } catch (e) {
    // payparam refuses a refunding/refunded order (code 0): say so in the shopper's language, never "paid".
    const latest = e instanceof ApiError && e.kind === 'business' ? await readQuietly(order) : null
    if (latest && isRefundStage(payStage(latest.order_status))) {
      clearPendingOrder()
      toastInfo(payStage(latest.order_status) === 'refunding' ? t('pay.refunding') : t('pay.refunded'))
      return { status: 'refund', order: latest }
    }
    toastError(e instanceof ApiError ? e.message : t('common.networkError'))
    throw e
  }
  if (answer.pay_state === 1) {
    clearPendingOrder()
    toastSuccess(t('pay.success'))
    return { status: 'paid', order }
  }

  savePendingOrder(order.id, order.kind)
  const result = await paymentAdapter.pay(order, answer)
  if (result === 'redirected') return { status: 'redirected', order }
  if (result === 'cancelled') {
    clearPendingOrder()
    toastInfo(t('pay.cancelled'))
    return { status: 'cancelled', order }
  }
  if (result === 'failed') {
    clearPendingOrder()
    toastError(t('pay.failedNothingTaken'))
    return { status: 'failed', order }
  }

  // Money moved outside the client's own writes: what was kept (orders, the card, coupons) is asked again (issue 27).
  invalidate()
  // The provider says yes: confirm with the server (which asks the provider if its notification has not come yet).
  // Until it agrees the record stays for the show checks.
  let latest = order
  try {
    latest = (await askAgain(() => request('personal.order/payResult', { id: order.id }))).info
  } catch {
    // Keep the record: the pending-order checks will ask again.
  }
  if (isPaidStatus(latest.order_status)) {
    clearPendingOrder()
    toastSuccess(t('pay.success'))
    return { status: 'paid', order: latest }
  }
  const stage = payStage(latest.order_status)
  if (isRefundStage(stage)) {
    // A duplicate or late payment the server sent back: not "paid".
    clearPendingOrder()
    toastInfo(stage === 'refunding' ? t('pay.refunding') : t('pay.refunded'))
    return { status: 'refund', order: latest }
  }
  return { status: 'pending', order: latest }
}

const METHODS: readonly PayMethodChoice[] = ['wechat', 'alipay']

/**
 * payparam, and what the server may ask first (issue 40): the shopper's pick of WeChat Pay or Alipay in a plain browser
 * (`pay_method_required`: the payment sheet; closing it cancels, quietly) and the Alipay buyer's authorisation
 * (`alipay_auth_required`: the browser may leave for it). Anything else is the caller's to handle.
 */
async function askPayparam(order: OrderInfo, extras: PayparamExtras): Promise<PayparamAnswer | 'cancelled' | 'redirected'> {
  try {
    return await request('personal.order/payparam', { id: order.id, ...extras })
  } catch (e) {
    if (isRefusal(e, 'pay_method_required') && paymentAdapter.choose && !extras.pay_method) {
      const offered = (e.data as { methods?: unknown } | null)?.methods
      const methods = Array.isArray(offered) ? METHODS.filter((m) => offered.includes(m)) : METHODS
      const picked = await paymentAdapter.choose(order, methods)
      if (!picked) return 'cancelled'
      return askPayparam(order, { ...extras, pay_method: picked })
    }
    if (isRefusal(e, 'alipay_auth_required') && paymentAdapter.authorize && !extras.alipay_open_id) {
      const more = await paymentAdapter.authorize(order)
      if (!more) return 'redirected'
      return askPayparam(order, { ...extras, ...more })
    }
    throw e
  }
}

async function readQuietly(order: OrderInfo): Promise<OrderInfo | null> {
  try {
    return (await askAgain(() => request('personal.order/read', { id: order.id }))).info
  } catch {
    return null
  }
}

/** preCreate has been shown; now create (idempotent per request id) and pay. */
export async function checkout(payload: OrderPayload, clientRequestId: string): Promise<PayOutcome> {
  const order = await createOrder(payload, clientRequestId)
  return payOrder(order)
}

/** A fresh id per checkout attempt; retries of the same attempt reuse it, so create never doubles. */
export function newRequestId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}-${Math.random().toString(36).slice(2, 10)}`
}
