import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Add or edit address — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function PersonalNewAddressPage() {
  const t = useT()
  return (
    <PageFrame route='pages/personal/newAddress'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
