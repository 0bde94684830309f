import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Pay a bill — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function PayBillIndexPage() {
  const t = useT()
  return (
    <PageFrame route='pages/payBill/index'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
