import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Merchant registration — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function ShopRegisterIndexPage() {
  const t = useT()
  return (
    <PageFrame route='pages/shopRegister/index'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
