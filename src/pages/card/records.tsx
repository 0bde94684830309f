import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Card purchase records — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function CardRecordsPage() {
  const t = useT()
  return (
    <PageFrame route='pages/card/records'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
