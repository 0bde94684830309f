import { useStationToPay } from '@/api/fuel'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import FuelForm from '@/features/fuel/FuelForm'
import StationList from '@/features/fuel/StationList'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/**
 * Fuel at good shops (PRODUCT §3): the stations near the shopper; with `station_id`, that station's grades, pumps
 * and the pay form (paying needs a shopper: log in first, then come back).
 */
export default function PayBillOilPage() {
  const params = usePageParams()
  const stationId = Number(params.station_id)
  return <PageFrame route='pages/payBill/oil'>{params.station_id === undefined ? <StationList /> : <Station id={stationId} raw={params.station_id} />}</PageFrame>
}

function Station({ id, raw }: { id: number; raw: string }) {
  const data = useStationToPay(id, null, routeUrl('pages/payBill/oil', { station_id: raw }))
  return (
    <LoadState loading={data.loading} error={data.error} missing={!(id > 0)} loginTo={data.loginTo} onRetry={() => void data.reload()} rows={3}>
      {data.data && <FuelForm station={data.data.station} coupons={data.data.coupons} />}
    </LoadState>
  )
}
