import { useProfile } from '@/api/account'
import { useCardProducts } from '@/api/cards'
import LoadState from '@/components/LoadState'
import PageFrame from '@/components/PageFrame'
import CardProducts from '@/features/card/CardProducts'
import MemberCard from '@/features/card/MemberCard'
import { useFirstScreenReplaced } from '@/hooks/useFirstScreenReplaced'

/** Membership card (tab): my current card if any, the card products and Buy (order kind `card`). */
export default function CardIndexPage() {
  const products = useCardProducts()
  // Anonymous shoppers see the products only; back from paying for a card (or logging in), mine shows.
  const mine = useProfile({ reloadOnReturn: true }).data?.card ?? null
  // The drawn screen goes with the products (their answer is in the page, so that is the first render).
  useFirstScreenReplaced(!!products.data || !!products.error)

  return (
    <PageFrame route='pages/card/index'>
      {mine && <MemberCard card={mine} links />}
      <LoadState loading={products.loading} error={products.error} onRetry={() => void products.reload()} rows={3}>
        {products.data && <CardProducts products={products.data.list} current={mine} />}
      </LoadState>
    </PageFrame>
  )
}
