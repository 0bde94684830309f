import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** My orders — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function OrdersIndexPage() {
  const t = useT()
  return (
    <PageFrame route='pages/orders/index'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
