import PageFrame from '@/components/PageFrame'
import Guide from '@/features/mall/Guide'

/** Mall guide: delivery, receipt, refunds and member prices, as steps. */
export default function VMallGuidePage() {
  return (
    <PageFrame route='pages/vMall/guide'>
      <Guide />
    </PageFrame>
  )
}
