import { idParam } from '@/api/notFound'
import PageFrame from '@/components/PageFrame'
import TakeoutOrder from '@/features/takeout/TakeoutOrder'
import { usePageParams } from '@/hooks/usePageParams'

/** A takeout order (`?id=`): its timeline, kept up to date while it shows (issue 25). */
export default function TakeoutOrderDetailPage() {
  const params = usePageParams()
  return (
    <PageFrame route='pages/takeout/orderDetail'>
      <TakeoutOrder id={idParam(params.id)} />
    </PageFrame>
  )
}
