import { useEffect, useState } from 'react'
import { isNoPermission } from '@/api/store'
import { useStoreMenu } from '@/api/storeShop'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import type { MenuEditorAnswer } from '@/contract/storeShop'
import NoPermission from '@/features/store/NoPermission'
import MenuEditor from '@/features/storeShop/MenuEditor'
import { routeUrl } from '@/routes'

/** Workbench → Menu (issue 44): delivery set up or not, categories and dishes in order; the owner changes them, staff read. */
export default function StoreMenuPage() {
  // Read again on every return (back from a dish or the delivery settings: their save is on the menu at once).
  const query = useStoreMenu({ returnTo: routeUrl('pages/store/menu'), reloadOnReturn: true })
  const [latest, setLatest] = useState<MenuEditorAnswer | null>(null)
  useEffect(() => setLatest(null), [query.data])
  const data = latest ?? query.data
  return (
    <PageFrame route='pages/store/menu'>
      {isNoPermission(query.error) ? (
        <NoPermission />
      ) : (
        <LoadState loading={query.loading && !data} error={query.error} loginTo={query.loginTo} onRetry={() => void query.reload()} rows={5}>
          {data && <MenuEditor data={data} onChanged={setLatest} onReload={() => void query.reload()} />}
        </LoadState>
      )}
    </PageFrame>
  )
}
