import { isNoPermission, useWorkbench } from '@/api/store'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import NoPermission from '@/features/store/NoPermission'
import Workbench from '@/features/store/Workbench'
import { routeUrl } from '@/routes'

/** Store workbench (Me → 门店工作台, staff only): the business day and what needs doing. */
export default function StoreIndexPage() {
  const data = useWorkbench({ returnTo: routeUrl('pages/store/index') })
  return (
    <PageFrame route='pages/store/index'>
      {isNoPermission(data.error) ? (
        <NoPermission />
      ) : (
        <LoadState loading={data.loading} error={data.error} loginTo={data.loginTo} onRetry={() => void data.reload()} rows={4}>
          {data.data && <Workbench data={data.data} />}
        </LoadState>
      )}
    </PageFrame>
  )
}
