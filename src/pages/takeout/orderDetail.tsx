import { idParam } from '@/api/notFound'
import PageFrame from '@/components/PageFrame'
import RefundSection from '@/features/orders/RefundSection'
import TakeoutOrder, { type OrderAsk } from '@/features/takeout/TakeoutOrder'
import { usePageParams } from '@/hooks/usePageParams'

/**
 * A takeout order (`?id=`): its timeline, kept up to date while it shows (issue 25); its refund from My orders' refund
 * timeline and form (issue 39). `ask=refund|cancel`: My orders' button — the refund form opened, or the cancel asked.
 */
export default function TakeoutOrderDetailPage() {
  const params = usePageParams()
  const ask: OrderAsk | undefined = params.ask === 'refund' || params.ask === 'cancel' ? params.ask : undefined
  return (
    <PageFrame route='pages/takeout/orderDetail'>
      <TakeoutOrder id={idParam(params.id)} ask={ask} refund={(slot) => <RefundSection {...slot} />} />
    </PageFrame>
  )
}
