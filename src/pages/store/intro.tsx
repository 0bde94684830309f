import { useState } from 'react'
import { isNoPermission } from '@/api/store'
import { useStoreProfile } from '@/api/storeProfile'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import type { StoreProfileAnswer } from '@/contract/shopProfile'
import NoPermission from '@/features/store/NoPermission'
import IntroEditor from '@/features/store/IntroEditor'
import { routeUrl } from '@/routes'

/** Workbench → Shop profile → Introduction: a structured rich-text editor with a preview. */
export default function StoreIntroPage() {
  const query = useStoreProfile({ returnTo: routeUrl('pages/store/intro') })
  // A save answers with the profile as it now is; the editor keeps what it shows (read once when it opens).
  const [, setLatest] = useState<StoreProfileAnswer | null>(null)
  return (
    <PageFrame route='pages/store/intro'>
      {isNoPermission(query.error) ? (
        <NoPermission />
      ) : (
        <LoadState loading={query.loading && !query.data} error={query.error} loginTo={query.loginTo} onRetry={() => void query.reload()} rows={4}>
          {query.data && <IntroEditor data={query.data} onChanged={setLatest} />}
        </LoadState>
      )}
    </PageFrame>
  )
}
