import PageFrame from '@/components/PageFrame'
import { requireLogin } from '@/core/session'
import CouponList from '@/features/card/CouponList'

/** Value coupons. */
export default function CardTicketListPage() {
  const loggedIn = requireLogin('/pages/card/ticketList')
  return <PageFrame route='pages/card/ticketList'>{loggedIn && <CouponList />}</PageFrame>
}
