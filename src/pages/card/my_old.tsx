import PageFrame from '@/components/PageFrame'
import MyCardsList from '@/features/card/MyCardsList'
import { routeUrl } from '@/routes'

/** Old my cards: kept for old links and QR codes — the same data in the earlier compact layout. */
export default function CardMyOldPage() {
  return (
    <PageFrame route='pages/card/my_old'>
      <MyCardsList returnTo={routeUrl('pages/card/my_old')} compact />
    </PageFrame>
  )
}
