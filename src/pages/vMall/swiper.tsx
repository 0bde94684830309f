import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Mall gallery — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function VMallSwiperPage() {
  const t = useT()
  return (
    <PageFrame route='pages/vMall/swiper'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
