import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Logistics tracking — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function LogisticsIndexPage() {
  const t = useT()
  return (
    <PageFrame route='pages/logistics/index'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
