import { useShopToPay } from '@/api/coupons'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import PayBillForm from '@/features/payBill/PayBillForm'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** Pay a bill at one shop (from Discount bill, Shop details or a shop's QR code via the Code page). */
export default function PayBillIndexPage() {
  const params = usePageParams()
  const shopId = Number(params.shop_id)
  // Paying needs a shopper (the server prices with their card and coupons): log in first, then come back.
  const data = useShopToPay(shopId, { returnTo: routeUrl('pages/payBill/index', { shop_id: params.shop_id ?? '' }) })
  return (
    <PageFrame route='pages/payBill/index'>
      <LoadState loading={data.loading} error={data.error} missing={!(shopId > 0)} loginTo={data.loginTo} onRetry={() => void data.reload()} rows={2}>
        {data.data && <PayBillForm shop={data.data.shop} coupons={data.data.coupons} />}
      </LoadState>
    </PageFrame>
  )
}
