import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import { request } from '@/core/request'
import { isLoggedIn } from '@/core/session'
import CardProducts from '@/features/card/CardProducts'
import MemberCard from '@/features/card/MemberCard'
import { useQuery } from '@/hooks/useQuery'
import { useReloadOnReturn } from '@/hooks/useReloadOnReturn'

/** Membership card (tab): my current card if any, the card products and Buy (order kind `card`). */
export default function CardIndexPage() {
  const products = useQuery(() => request('hui_public.card/index', {}), [])
  const mine = useQuery(async () => (isLoggedIn() ? (await request('personal.user/info', {})).card : null), [])
  useReloadOnReturn(mine.reload)

  return (
    <PageFrame route='pages/card/index'>
      {mine.data && <MemberCard card={mine.data} links />}
      <LoadState loading={products.loading} error={products.error} onRetry={() => void products.reload()} rows={3}>
        {products.data && <CardProducts products={products.data.list} current={mine.data ?? null} />}
      </LoadState>
    </PageFrame>
  )
}
