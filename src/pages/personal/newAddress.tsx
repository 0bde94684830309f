import { useAddressDraft } from '@/api/addresses'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import AddressForm from '@/features/address/AddressForm'
import { useT } from '@/features/address/messages'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** Add (no id: "New address") or edit (?id=: "Edit address") an address; `select=1` from an order's address choice. */
export default function PersonalNewAddressPage() {
  const t = useT()
  const params = usePageParams()
  const id = Number(params.id ?? 0)
  const pick = params.select === '1'
  const data = useAddressDraft(id, { returnTo: routeUrl('pages/personal/newAddress', { id: id || undefined, select: pick ? 1 : undefined }) })
  return (
    <PageFrame route='pages/personal/newAddress' title={t(id ? 'address.editTitle' : 'address.newTitle')}>
      <LoadState loading={data.loading} error={data.error} loginTo={data.loginTo} onRetry={() => void data.reload()} rows={3}>
        {data.data && <AddressForm initial={data.data.initial} regions={data.data.regions} pick={pick} />}
      </LoadState>
    </PageFrame>
  )
}
