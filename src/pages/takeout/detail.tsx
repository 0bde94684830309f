import { idParam } from '@/api/notFound'
import PageFrame from '@/components/PageFrame'
import Menu from '@/features/takeout/Menu'
import { usePageParams } from '@/hooks/usePageParams'

/** A takeout shop's menu (`?id=`): side menu, dishes with options, the shop's cart (issue 25). */
export default function TakeoutDetailPage() {
  const params = usePageParams()
  return (
    <PageFrame route='pages/takeout/detail'>
      <Menu id={idParam(params.id)} />
    </PageFrame>
  )
}
