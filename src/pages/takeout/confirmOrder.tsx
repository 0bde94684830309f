import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Confirm order — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function TakeoutConfirmOrderPage() {
  const t = useT()
  return (
    <PageFrame route='pages/takeout/confirmOrder'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
