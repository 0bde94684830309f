import PageFrame from '@/components/PageFrame'
import LoginNeeded from '@/components/LoginNeeded'
import CardRecords from '@/features/card/CardRecords'
import { useLoginRequired } from '@/hooks/useLoginRequired'
import { routeUrl } from '@/routes'

/** Card purchase records. */
export default function CardRecordsPage() {
  const loggedIn = useLoginRequired(routeUrl('pages/card/records'))
  return <PageFrame route='pages/card/records'>{loggedIn ? <CardRecords /> : <LoginNeeded returnTo={routeUrl('pages/card/records')} />}</PageFrame>
}
