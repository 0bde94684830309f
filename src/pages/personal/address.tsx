import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Address management — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function PersonalAddressPage() {
  const t = useT()
  return (
    <PageFrame route='pages/personal/address'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
