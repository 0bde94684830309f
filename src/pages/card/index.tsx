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
  const profile = useProfile()
  const mine = profile.data?.card ?? null
  // Signed in, what the shopper holds is not known until the profile answers: until then the page is a skeleton, not
  // the products — drawn first, they were pushed down by the card arriving above them (issue 24: a layout shift of
  // 0.24), and their choice and Buy were a non-member's. A profile that fails leaves the products as for no card.
  const holdingKnown = !profile.signedIn || profile.data !== undefined || !!profile.error
  // The drawn screen goes with the products (their answer is in the page, so that is the first render).
  useFirstScreenReplaced(!!products.data || !!products.error)

  return (
    <PageFrame route='pages/card/index'>
      {mine && <MemberCard card={mine} links />}
      <LoadState loading={products.loading || !holdingKnown} error={products.error} onRetry={() => void products.reload()} rows={3}>
        {/* A card bought (or upgraded to) is a new card: the choice starts again from it. */}
        {products.data && <CardProducts key={mine?.id ?? 'none'} products={products.data.list} current={mine} />}
      </LoadState>
    </PageFrame>
  )
}
