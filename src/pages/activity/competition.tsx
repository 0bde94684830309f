import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Competition — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function ActivityCompetitionPage() {
  const t = useT()
  return (
    <PageFrame route='pages/activity/competition'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
