import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Fuel at good shops — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function PayBillOilPage() {
  const t = useT()
  return (
    <PageFrame route='pages/payBill/oil'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
