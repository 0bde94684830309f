import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Order detail — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function OrdersDetailPage() {
  const t = useT()
  return (
    <PageFrame route='pages/orders/detail'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
