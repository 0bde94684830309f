import PageFrame from '@/components/PageFrame'
import MyCardsList from '@/features/card/MyCardsList'

/** My cards: active and expired cards; tap → the card page. */
export default function CardMyPage() {
  return (
    <PageFrame route='pages/card/my'>
      <MyCardsList returnTo='/pages/card/my' />
    </PageFrame>
  )
}
