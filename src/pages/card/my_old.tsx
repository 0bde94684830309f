import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Old my cards — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function CardMyOldPage() {
  const t = useT()
  return (
    <PageFrame route='pages/card/my_old'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
