import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Mall guide — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function VMallGuidePage() {
  const t = useT()
  return (
    <PageFrame route='pages/vMall/guide'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
