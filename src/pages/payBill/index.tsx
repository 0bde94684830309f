import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import { request } from '@/core/request'
import PayBillForm from '@/features/payBill/PayBillForm'
import { useLoginRequired } from '@/hooks/useLoginRequired'
import { useQuery } from '@/hooks/useQuery'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** Pay a bill at one shop (from Discount bill, Shop details or a shop's QR code via the Code page). */
export default function PayBillIndexPage() {
  const params = usePageParams()
  const shopId = Number(params.shop_id)
  // Paying needs a shopper (the server prices with their card and coupons): log in first, then come back.
  const returnTo = routeUrl('pages/payBill/index', { shop_id: params.shop_id ?? '' })
  const loggedIn = useLoginRequired(returnTo)
  const data = useQuery(async () => {
    const [{ info }, coupons] = await Promise.all([request('hui_shanghu.shop/read', { id: shopId }), request('personal.coupon/index', { tab: 'available', page_size: 50 })])
    return { shop: info, coupons: coupons.list }
  }, [shopId], loggedIn && shopId > 0)
  return (
    <PageFrame route='pages/payBill/index'>
      <LoadState loading={data.loading} error={data.error} missing={!(shopId > 0)} loginTo={loggedIn ? undefined : returnTo} onRetry={() => void data.reload()} rows={2}>
        {data.data && <PayBillForm shop={data.data.shop} coupons={data.data.coupons} />}
      </LoadState>
    </PageFrame>
  )
}
