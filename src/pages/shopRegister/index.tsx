import PageFrame from '@/components/PageFrame'
import MerchantSignUp from '@/features/merchant/MerchantSignUp'

/** Merchant sign-up (issue 26): the form, its draft kept on the phone, then the application's review status. */
export default function ShopRegisterIndexPage() {
  return (
    <PageFrame route='pages/shopRegister/index'>
      <MerchantSignUp />
    </PageFrame>
  )
}
