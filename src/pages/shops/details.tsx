import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Shop details — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function ShopsDetailsPage() {
  const t = useT()
  return (
    <PageFrame route='pages/shops/details'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
