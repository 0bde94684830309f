import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Discount bill payment — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function DiscountBillIndexPage() {
  const t = useT()
  return (
    <PageFrame route='pages/discountBill/index'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
