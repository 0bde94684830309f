import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Fuel at good shops — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function PayBillOilPage() {
  return (
    <PageFrame route='pages/payBill/oil'>
      <ComingSoon route='pages/payBill/oil' />
    </PageFrame>
  )
}
