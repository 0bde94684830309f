import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Search — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function IndexSearchPage() {
  const t = useT()
  return (
    <PageFrame route='pages/index/search'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
