import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Membership card — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function CardIndexPage() {
  const t = useT()
  return (
    <PageFrame route='pages/card/index'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
