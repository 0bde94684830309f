import PageFrame from '@/components/PageFrame'
import LoginNeeded from '@/components/LoginNeeded'
import CardRecords from '@/features/card/CardRecords'
import { useSignedIn } from '@/hooks/useSignedIn'
import { routeUrl } from '@/routes'

/** Card purchase records. */
export default function CardRecordsPage() {
  const { loginTo } = useSignedIn(routeUrl('pages/card/records'))
  return <PageFrame route='pages/card/records'>{loginTo ? <LoginNeeded returnTo={loginTo} /> : <CardRecords />}</PageFrame>
}
