import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import { request } from '@/core/request'
import AddressForm from '@/features/address/AddressForm'
import { useLoginRequired } from '@/hooks/useLoginRequired'
import { useQuery } from '@/hooks/useQuery'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** Add (no id) or edit (?id=) an address. */
export default function PersonalNewAddressPage() {
  const params = usePageParams()
  const id = Number(params.id ?? 0)
  const returnTo = routeUrl('pages/personal/newAddress', { id: id || undefined })
  const loggedIn = useLoginRequired(returnTo)
  const data = useQuery(async () => {
    const [regions, list] = await Promise.all([request('website.hui_china_city/regionTree', {}), id ? request('personal.address/index', {}) : Promise.resolve({ list: [] })])
    return { regions: regions.list, initial: list.list.find((a) => a.id === id) ?? null }
  }, [id], loggedIn)
  return (
    <PageFrame route='pages/personal/newAddress'>
      <LoadState loading={data.loading} error={data.error} loginTo={loggedIn ? undefined : returnTo} onRetry={() => void data.reload()} rows={3}>
        {data.data && <AddressForm initial={data.data.initial} regions={data.data.regions} />}
      </LoadState>
    </PageFrame>
  )
}
