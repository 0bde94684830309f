import { useStationToPay } from '@/api/fuel'
import { idParam, isNotFound } from '@/api/notFound'
import { usePendingOrder } from '@/api/pendingOrders'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import PendingOrderNotice from '@/components/PendingOrderNotice'
import FuelForm from '@/features/fuel/FuelForm'
import StationList from '@/features/fuel/StationList'
import { usePageParams } from '@/hooks/usePageParams'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { routeUrl } from '@/routes'

/**
 * Fuel at good shops (PRODUCT §3): the stations near the shopper; with `station_id`, that station's grades, pumps
 * and the pay form (paying needs a shopper: log in first, then come back).
 */
export default function PayBillOilPage() {
  const params = usePageParams()
  // A malformed station_id ("abc", "", "1.5") names no station: not found at once, never asked of the server.
  const stationId = idParam(params.station_id)
  return <PageFrame route='pages/payBill/oil'>{params.station_id === undefined ? <StationList /> : <Station id={stationId} />}</PageFrame>
}

function Station({ id }: { id: number }) {
  // Paying needs a shopper: log in first, then come back — not for a link that names no station.
  const data = useStationToPay(id, null, id > 0 ? routeUrl('pages/payBill/oil', { station_id: id }) : undefined)
  // An unpaid fuel order left at this station (back from the cashier without paying): said above the form, read
  // beside the station (the form waits for both: nothing moves once it shows).
  const pending = usePendingOrder('oil', id)
  // The route lets the shopper pull (for the stations): on a station's form the pull asks again whether an unpaid
  // order waits here, leaving the form as it is (the station's price is checked again when paying).
  usePullRefresh(pending.reload)
  return (
    <LoadState loading={data.loading || (pending.loading && pending.data === undefined)} error={data.error} missing={!(id > 0) || isNotFound(data.error, 'station')} loginTo={data.loginTo} onRetry={() => void data.reload()} rows={3}>
      {data.data && <FuelForm station={data.data.station} coupons={data.data.coupons} notice={<PendingOrderNotice order={pending.data} onChanged={pending.reload} />} />}
    </LoadState>
  )
}
