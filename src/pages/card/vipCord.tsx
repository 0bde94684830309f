import { useMyCards } from '@/api/cards'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import TillCode from '@/features/card/TillCode'
import { routeUrl } from '@/routes'

/** Card page: the active card's face and codes for the till (a suspended card says so instead). */
export default function CardVipCordPage() {
  const cards = useMyCards(routeUrl('pages/card/vipCord'))
  return (
    <PageFrame route='pages/card/vipCord'>
      <LoadState loading={cards.loading} error={cards.error} loginTo={cards.loginTo} onRetry={() => void cards.reload()}>
        <TillCode card={cards.data?.list.find((c) => c.active) ?? cards.data?.list.find((c) => c.state === 'suspended')} />
      </LoadState>
    </PageFrame>
  )
}
