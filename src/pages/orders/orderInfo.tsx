import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Gold-pointing plan — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function OrdersOrderInfoPage() {
  const t = useT()
  return (
    <PageFrame route='pages/orders/orderInfo'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
