import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Flash-sale product — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function SeckillDetailPage() {
  const t = useT()
  return (
    <PageFrame route='pages/seckill/detail'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
