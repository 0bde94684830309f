import { useState } from 'react'
import { isNoPermission } from '@/api/store'
import { useStoreProfile } from '@/api/storeProfile'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import type { StoreProfileAnswer } from '@/contract/shopProfile'
import NoPermission from '@/features/store/NoPermission'
import HoursEditor from '@/features/store/HoursEditor'
import { routeUrl } from '@/routes'

/** Workbench → Shop profile → Opening hours: by weekday with breaks, and closed dates. */
export default function StoreHoursPage() {
  const query = useStoreProfile({ returnTo: routeUrl('pages/store/hours') })
  // A save answers with the profile as it now is; the editor keeps what it shows (read once when it opens).
  const [, setLatest] = useState<StoreProfileAnswer | null>(null)
  return (
    <PageFrame route='pages/store/hours'>
      {isNoPermission(query.error) ? (
        <NoPermission />
      ) : (
        <LoadState loading={query.loading && !query.data} error={query.error} loginTo={query.loginTo} onRetry={() => void query.reload()} rows={4}>
          {query.data && <HoursEditor data={query.data} onChanged={setLatest} />}
        </LoadState>
      )}
    </PageFrame>
  )
}
