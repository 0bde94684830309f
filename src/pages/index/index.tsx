import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** One Card Pass — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function IndexIndexPage() {
  const t = useT()
  return (
    <PageFrame route='pages/index/index'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
