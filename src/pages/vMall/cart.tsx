import PageFrame from '@/components/PageFrame'
import CartScreen from '@/features/mall/CartScreen'

/** The mall's cart (issue 24; ours, beyond the seed): lines by store, quantities, checkout per store. */
export default function VMallCartPage() {
  return (
    <PageFrame route='pages/vMall/cart'>
      <CartScreen />
    </PageFrame>
  )
}
