import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Payment success — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function PayBillSuccessPage() {
  const t = useT()
  return (
    <PageFrame route='pages/payBill/success'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
