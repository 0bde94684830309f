import PageFrame from '@/components/PageFrame'
import LoginNeeded from '@/components/LoginNeeded'
import CouponList from '@/features/card/CouponList'
import { useLoginRequired } from '@/hooks/useLoginRequired'
import { routeUrl } from '@/routes'

/** Value coupons. */
export default function CardTicketListPage() {
  const loggedIn = useLoginRequired(routeUrl('pages/card/ticketList'))
  return <PageFrame route='pages/card/ticketList'>{loggedIn ? <CouponList /> : <LoginNeeded returnTo={routeUrl('pages/card/ticketList')} />}</PageFrame>
}
