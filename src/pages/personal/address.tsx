import PageFrame from '@/components/PageFrame'
import { request } from '@/core/request'
import LoginNeeded from '@/components/LoginNeeded'
import AddressList from '@/features/address/AddressList'
import { useLoginRequired } from '@/hooks/useLoginRequired'
import { useQuery } from '@/hooks/useQuery'
import { useReloadOnReturn } from '@/hooks/useReloadOnReturn'
import { usePageParams } from '@/hooks/usePageParams'
import { routeUrl } from '@/routes'

/** Addresses (select mode with ?select=1: a tap returns the address to the order that asked). */
export default function PersonalAddressPage() {
  const params = usePageParams()
  const returnTo = routeUrl('pages/personal/address', { select: params.select ? 1 : undefined })
  const loggedIn = useLoginRequired(returnTo)
  const query = useQuery(() => request('personal.address/index', {}), [], loggedIn)
  // Back from Add/edit: show what was saved.
  useReloadOnReturn(query.reload, loggedIn)
  return (
    <PageFrame route='pages/personal/address'>
      {loggedIn ? <AddressList query={query} selectMode={params.select === '1'} /> : <LoginNeeded returnTo={returnTo} />}
    </PageFrame>
  )
}
