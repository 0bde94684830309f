import { useEffect, useState } from 'react'
import { isNoPermission, useStoreTakeoutSettings } from '@/api/store'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import { isRefusal } from '@/core/request'
import NoPermission from '@/features/store/NoPermission'
import StoreTakeoutSettings, { type StoreTakeoutSettingsAnswer } from '@/features/store/StoreTakeoutSettings'
import { routeUrl } from '@/routes'

/** The shop's takeout settings (workbench): read-only settings, pause / resume taking orders, dishes sold out or back. */
export default function StoreTakeoutSettingsPage() {
  const query = useStoreTakeoutSettings({ returnTo: routeUrl('pages/store/takeoutSettings') })
  // A change answers with the settings as they now are: shown at once.
  const [latest, setLatest] = useState<StoreTakeoutSettingsAnswer | null>(null)
  useEffect(() => setLatest(null), [query.data])
  const data = latest ?? query.data
  return (
    <PageFrame route='pages/store/takeoutSettings'>
      {isNoPermission(query.error) ? (
        <NoPermission />
      ) : (
        <LoadState loading={query.loading && !data} error={query.error} missing={isRefusal(query.error, 'takeout_not_offered')} loginTo={query.loginTo} onRetry={() => void query.reload()} rows={4}>
          {data && <StoreTakeoutSettings data={data} onChanged={setLatest} />}
        </LoadState>
      )}
    </PageFrame>
  )
}
