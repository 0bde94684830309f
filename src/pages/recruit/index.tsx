import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Job list — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function RecruitIndexPage() {
  const t = useT()
  return (
    <PageFrame route='pages/recruit/index'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
