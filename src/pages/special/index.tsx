import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Micro mall special — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function SpecialIndexPage() {
  const t = useT()
  return (
    <PageFrame route='pages/special/index'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
