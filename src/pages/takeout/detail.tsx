import { idParam } from '@/api/notFound'
import PageFrame from '@/components/PageFrame'
import Menu from '@/features/takeout/Menu'
import { usePageParams } from '@/hooks/usePageParams'

/** A takeout shop's menu (`?id=`, opened at a dish with `&dish=`): side menu, dishes with options, the shop's cart (issue 25). */
export default function TakeoutDetailPage() {
  const params = usePageParams()
  return (
    <PageFrame route='pages/takeout/detail'>
      <Menu id={idParam(params.id)} dishId={params.dish ? idParam(params.dish) : undefined} />
    </PageFrame>
  )
}
