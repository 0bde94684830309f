import { useEffect, useState } from 'react'
import { useStaffList } from '@/api/staff'
import { isNoPermission } from '@/api/store'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import type { StaffListAnswer } from '@/contract/storeStaff'
import NoPermission from '@/features/store/NoPermission'
import StaffScreen from '@/features/store/StaffScreen'
import { routeUrl } from '@/routes'

/** Workbench → Staff: the store's people; the owner invites by a one-time link, withdraws invites, removes staff. */
export default function StoreStaffPage() {
  const query = useStaffList({ returnTo: routeUrl('pages/store/staff'), reloadOnReturn: true })
  // Revoke and remove answer with the list as it now is: shown at once; after an invite the list is read again.
  const [latest, setLatest] = useState<StaffListAnswer | null>(null)
  useEffect(() => setLatest(null), [query.data])
  const data = latest ?? query.data
  const onChanged = (list: StaffListAnswer | null) => (list ? setLatest(list) : void query.reload())
  return (
    <PageFrame route='pages/store/staff'>
      {isNoPermission(query.error) ? (
        <NoPermission />
      ) : (
        <LoadState loading={query.loading && !data} error={query.error} loginTo={query.loginTo} onRetry={() => void query.reload()} rows={4}>
          {data && <StaffScreen data={data} onChanged={onChanged} />}
        </LoadState>
      )}
    </PageFrame>
  )
}
