import PageFrame from '@/components/PageFrame'
import ShopList from '@/features/takeout/ShopList'

/** Takeout home (issue 25): categories and the shops near the shopper, open state on the server's clock. */
export default function TakeoutIndexPage() {
  return (
    <PageFrame route='pages/takeout/index'>
      <ShopList home />
    </PageFrame>
  )
}
