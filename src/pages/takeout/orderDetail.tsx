import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Takeout order — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function TakeoutOrderDetailPage() {
  const t = useT()
  return (
    <PageFrame route='pages/takeout/orderDetail'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
