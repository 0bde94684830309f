import { useAddresses } from '@/api/addresses'
import PageFrame from '@/components/PageFrame'
import LoginNeeded from '@/components/LoginNeeded'
import AddressList from '@/features/address/AddressList'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** Addresses (select mode with ?select=1: a tap returns the address to the order that asked). */
export default function PersonalAddressPage() {
  const params = usePageParams()
  // Back from Add/edit: show what was saved.
  const query = useAddresses({ returnTo: routeUrl('pages/personal/address', { select: params.select ? 1 : undefined }) })
  return <PageFrame route='pages/personal/address'>{query.loginTo ? <LoginNeeded returnTo={query.loginTo} /> : <AddressList query={query} selectMode={params.select === '1'} />}</PageFrame>
}
