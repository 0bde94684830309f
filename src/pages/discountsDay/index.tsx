import PageFrame from '@/components/PageFrame'
import DiscountDay from '@/features/discountDay/DiscountDay'

/** Discount day (issue 26): this month's days, the next one counted down, the shops taking part near the shopper. */
export default function DiscountsDayIndexPage() {
  return (
    <PageFrame route='pages/discountsDay/index'>
      <DiscountDay />
    </PageFrame>
  )
}
