import PageFrame from '@/components/PageFrame'
import { requireLogin } from '@/core/session'
import CardRecords from '@/features/card/CardRecords'

/** Card purchase records. */
export default function CardRecordsPage() {
  const loggedIn = requireLogin('/pages/card/records')
  return <PageFrame route='pages/card/records'>{loggedIn && <CardRecords />}</PageFrame>
}
