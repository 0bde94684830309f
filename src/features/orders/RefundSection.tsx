import type { OrderInfo } from '@/contract/order'
import { canRefund } from '@/contract/orderRules'
import RefundSheet from './RefundSheet'
import RefundTimeline from './RefundTimeline'

interface Props {
  order: OrderInfo
  /** The form is open. */
  asking: boolean
  ask: () => void
  close: () => void
}

/**
 * An order's refund as another screen shows it (the takeout order page, issue 39: composed by its route): the timeline
 * while there is one (amount, where it goes back, its steps; withdraw, ask again), and the request form while asking.
 * A sent request closes the form; the request client's invalidation reads the order again.
 */
export default function RefundSection({ order, asking, ask, close }: Props) {
  return (
    <>
      {order.refund && <RefundTimeline order={order} refund={order.refund} onAskAgain={ask} />}
      {asking && canRefund(order.order_status) && <RefundSheet order={order} onClose={close} onSent={close} />}
    </>
  )
}
