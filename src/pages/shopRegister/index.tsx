import ComingSoon from '@/components/ComingSoon'
import PageFrame from '@/components/PageFrame'

/** Merchant registration — not built yet (its own issue): the frame, and a screen that says so and offers the way back. */
export default function ShopRegisterIndexPage() {
  return (
    <PageFrame route='pages/shopRegister/index'>
      <ComingSoon route='pages/shopRegister/index' />
    </PageFrame>
  )
}
