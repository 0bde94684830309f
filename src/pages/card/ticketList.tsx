import PageFrame from '@/components/PageFrame'
import LoginNeeded from '@/components/LoginNeeded'
import CouponList from '@/features/card/CouponList'
import { useSignedIn } from '@/hooks/useSignedIn'
import { routeUrl } from '@/routes'

/** Value coupons. */
export default function CardTicketListPage() {
  const { loginTo } = useSignedIn(routeUrl('pages/card/ticketList'))
  return <PageFrame route='pages/card/ticketList'>{loginTo ? <LoginNeeded returnTo={loginTo} /> : <CouponList />}</PageFrame>
}
