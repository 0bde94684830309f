import PageFrame from '@/components/PageFrame'
import MyCardsList from '@/features/card/MyCardsList'
import { routeUrl } from '@/routes'

/** My cards: active and expired cards; tap → the card page. */
export default function CardMyPage() {
  return (
    <PageFrame route='pages/card/my'>
      <MyCardsList returnTo={routeUrl('pages/card/my')} />
    </PageFrame>
  )
}
