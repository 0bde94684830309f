import { useCallback, useEffect, useState } from 'react'
import { idParam, isNotFound } from '@/api/notFound'
import { useOrder } from '@/api/orders'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import { useT } from '@/features/payResult/messages'
import PaymentResult, { resultTitle } from '@/features/payResult/PaymentResult'
import { payStage } from '@/contract/orderRules'
import { checkPendingOrder } from '@/payment/pendingOrder'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** Payment success: the shopper lands here from the cashier or the pay sheet; the server has the last word. */
export default function PaySuccessPage() {
  const params = usePageParams()
  // A malformed id names no order: not found at once, never asked of the server.
  const id = idParam(params.id)
  const t = useT()
  const [checking, setChecking] = useState(true)
  // The first read waits for the pending-order check (which may settle this very order), so one show reads once.
  const [firstCheckDone, setFirstCheckDone] = useState(false)
  // Log in first, then come back — not for a link that names no order (it says "not found" to anyone).
  const order = useOrder(id, { returnTo: id > 0 ? routeUrl('pages/payBill/success', { id }) : undefined, enabled: firstCheckDone })
  const loggedIn = order.signedIn
  // No such order, or another shopper's (the server answers both alike).
  const missing = !(id > 0) || isNotFound(order.error, 'order')

  // Check again: the pending check first (personal.order/payResult: the server asks the provider when no notification
  // came — a return from WeChat Pay's or Alipay's page proves nothing). Its answer is a write's: the kept answers are
  // asked again, this screen's order with them (src/core/cache.ts). With no order pending, the screen reads again.
  const check = useCallback(async () => {
    setChecking(true)
    try {
      const pending = await checkPendingOrder().catch(() => null)
      if (!pending || pending.state === 'none') await order.reload()
    } finally {
      setChecking(false)
    }
  }, [order])

  // "支付成功" is the route's title; an order that is not paid (or whose money went back) says what it is.
  const title = (status: number) => {
    const stage = payStage(status)
    return stage === 'paid' ? undefined : resultTitle(stage, t)
  }

  useEffect(() => {
    if (!(loggedIn && id > 0)) return
    void checkPendingOrder()
      .catch(() => undefined)
      .then(() => {
        setFirstCheckDone(true)
        setChecking(false)
      })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loggedIn])

  return (
    // Nothing to show (not found, not loaded): "Payment result", never "Payment successful" above it.
    <PageFrame route='pages/payBill/success' title={order.data ? title(order.data.order_status) : missing || order.error ? t('success.result') : undefined}>
      <LoadState loading={!order.data && (order.loading || (checking && !firstCheckDone))} error={order.error} missing={missing} loginTo={order.loginTo} onRetry={() => void order.reload()}>
        {order.data && <PaymentResult order={order.data} checking={checking} onCheckAgain={() => void check()} />}
      </LoadState>
    </PageFrame>
  )
}
