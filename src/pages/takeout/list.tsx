import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Takeout shops — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function TakeoutListPage() {
  const t = useT()
  return (
    <PageFrame route='pages/takeout/list'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
