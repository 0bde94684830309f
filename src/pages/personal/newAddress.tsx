import { useAddressDraft } from '@/api/addresses'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import AddressForm from '@/features/address/AddressForm'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** Add (no id) or edit (?id=) an address. */
export default function PersonalNewAddressPage() {
  const id = Number(usePageParams().id ?? 0)
  const data = useAddressDraft(id, { returnTo: routeUrl('pages/personal/newAddress', { id: id || undefined }) })
  return (
    <PageFrame route='pages/personal/newAddress'>
      <LoadState loading={data.loading} error={data.error} loginTo={data.loginTo} onRetry={() => void data.reload()} rows={3}>
        {data.data && <AddressForm initial={data.data.initial} regions={data.data.regions} />}
      </LoadState>
    </PageFrame>
  )
}
