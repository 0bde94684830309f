import Taro from '@tarojs/taro'
import { useEffect } from 'react'
import { useShopToPay } from '@/api/coupons'
import { idParam, isNotFound } from '@/api/notFound'
import { usePendingOrder } from '@/api/pendingOrders'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import PendingOrderNotice from '@/components/PendingOrderNotice'
import Skeleton from '@/components/Skeleton'
import { EmptyState, ErrorState } from '@/components/StateView'
import { errorMessage } from '@/core/request'
import { useT as useCodeT } from '@/features/code/messages'
import { parseQuery, scannedNumber } from '@/features/code/target'
import { couldRetry, useCodeTarget } from '@/features/code/useCodeTarget'
import PayBillForm from '@/features/payBill/PayBillForm'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

const PAY_BILL_URL = routeUrl('pages/payBill/index')

/** The shop a resolved code leads to when it is this page ("/pages/payBill/index?shop_id=3"); 0 otherwise. */
function shopOf(url: string | undefined): number {
  if (!url) return 0
  const [path, qs = ''] = url.split('?')
  return path === PAY_BILL_URL ? Number(parseQuery(qs)?.shop_id) || 0 : 0
}

/**
 * Pay a bill at one shop (from Discount bill, Shop details, or a shop's QR code: `shop_id`, or a `scene` /
 * `qrCode` resolved by getUrlByNumber the way the Code page resolves it).
 */
export default function PayBillIndexPage() {
  const params = usePageParams()
  const codeT = useCodeT()
  // A malformed shop_id ("abc", "1.5") names no shop: not found at once, never asked of the server.
  const linked = idParam(params.shop_id)
  const number = linked > 0 ? null : scannedNumber(params)
  const scan = useCodeTarget(number, codeT('code.unknown'))
  const scanned = shopOf(scan.data?.url)
  const shopId = linked > 0 ? linked : scanned
  const resolving = !(linked > 0) && number !== null

  // A code that names another of our pages: go there, as the Code page would.
  useEffect(() => {
    const to = scan.data
    if (!to || shopOf(to.url) > 0) return
    if (to.tab) void Taro.switchTab({ url: to.url })
    else void Taro.redirectTo({ url: to.url })
  }, [scan.data])

  // Paying needs a shopper (the server prices with their card and coupons): log in first, then come back — not
  // for a link that names no shop (it says "not found" to anyone).
  const data = useShopToPay(shopId, { returnTo: shopId > 0 || resolving ? routeUrl('pages/payBill/index', { shop_id: shopId > 0 ? shopId : params.shop_id ?? '' }) : undefined })
  // An unpaid order left at this shop (back from the cashier without paying): said above the form, read beside
  // the shop (the form waits for both: nothing moves once it shows).
  const pending = usePendingOrder('bill', shopId)
  return (
    <PageFrame route='pages/payBill/index'>
      {resolving && !(scanned > 0) ? (
        scan.error && couldRetry(scan.error) ? (
          <ErrorState title={codeT('common.loadFailed')} message={errorMessage(scan.error)} retryText={codeT('common.retry')} onRetry={() => void scan.reload()} />
        ) : scan.error ? (
          <EmptyState title={codeT('code.unknown')} hint={codeT('code.unknownHint')} actionText={codeT('code.home')} onAction={() => void Taro.switchTab({ url: routeUrl('pages/index/index') })} />
        ) : (
          <Skeleton rows={2} label={codeT('code.resolving')} />
        )
      ) : (
        <LoadState loading={data.loading || (pending.loading && pending.data === undefined)} error={data.error} missing={!(shopId > 0) || isNotFound(data.error, 'shop')} loginTo={data.loginTo} onRetry={() => void data.reload()} rows={2}>
          {data.data && <PayBillForm shop={data.data.shop} coupons={data.data.coupons} notice={<PendingOrderNotice order={pending.data} onChanged={pending.reload} />} />}
        </LoadState>
      )}
    </PageFrame>
  )
}
