import { idParam } from '@/api/notFound'
import PageFrame from '@/components/PageFrame'
import Confirm from '@/features/takeout/Confirm'
import { usePageParams } from '@/hooks/usePageParams'

/** Confirm a takeout order (`?shop_id=`): how, where, when, the server's price, pay (issue 25). */
export default function TakeoutConfirmOrderPage() {
  const params = usePageParams()
  return (
    <PageFrame route='pages/takeout/confirmOrder'>
      <Confirm shopId={idParam(params.shop_id)} />
    </PageFrame>
  )
}
