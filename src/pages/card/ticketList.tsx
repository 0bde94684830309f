import PageFrame from '@/components/PageFrame'
import Skeleton from '@/components/Skeleton'
import { useT } from '@/core/i18n'

/** Value coupons — screen content comes with its issue; until then the frame and a loading skeleton. */
export default function CardTicketListPage() {
  const t = useT()
  return (
    <PageFrame route='pages/card/ticketList'>
      <Skeleton label={t('common.loading')} />
    </PageFrame>
  )
}
