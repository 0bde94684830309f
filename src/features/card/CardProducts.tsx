import { Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { useMemo, useRef, useState } from 'react'
import { useMyAvailableCoupons } from '@/api/coupons'
import { useOrderQuote } from '@/api/orders'
import CouponChoice, { usableCoupons } from '@/components/CouponChoice'
import { firstCardChoice } from '@/contract/cardWords'
import type { CardProduct, UserCard } from '@/contract/member'
import type { CardOrderPayload, CardPlan } from '@/contract/order'
import { centsToYuan } from '@/core/format'
import { errorMessage } from '@/core/request'
import { requireLogin } from '@/core/session'
import { useT } from '@/features/card/messages'
import { usePay } from '@/hooks/usePay'
import { afterPay } from '@/payment/afterPay'
import { routeUrl } from '@/routes'
import CardProductsView from '@/views/card/CardProductsView'
import './card.css'

const day = (time: string) => time.slice(0, 10)

/** What buying this card does, as the server's quote says: when it starts and ends, what happens to the current card. */
function PlanNote({ plan }: { plan: CardPlan }) {
  const t = useT()
  const replaced = plan.replaces.map((c) => c.name).join('、')
  return (
    <View className='card-plan'>
      <Text className='card-plan__dates'>{t('plan.dates', { start: day(plan.start_at), end: day(plan.end_at) })}</Text>
      <Text className='card-plan__what'>
        {plan.mode === 'new' ? t('plan.new') : plan.mode === 'renew' ? t('plan.renew', { start: day(plan.start_at) }) : t('plan.upgrade', { name: replaced })}
      </Text>
      {plan.credit_amount > 0 && (
        <View className='card-plan__credit'>
          <Text>{t('plan.credit', { name: replaced })}</Text>
          <Text className='card-plan__minus'>-¥{centsToYuan(plan.credit_amount)}</Text>
        </View>
      )}
    </View>
  )
}

/**
 * Card products to choose from and the buy bar (order kind `card`). A logged-in shopper gets the server's
 * quote before paying: start and end dates, renewal or upgrade, the credit of an upgrade and a coupon
 * (the best usable one chosen; "none" or another on tap). Pay sends exactly the quoted payload. `current`: the
 * card held, chosen first (mount again — a new key — when it changes).
 */
export default function CardProducts({ products, current }: { products: CardProduct[]; current: UserCard | null }) {
  const t = useT()
  // The card the shopper holds (its level: renewing it is the first thing to offer), else the second (as the drawn screen).
  const [chosen, setChosen] = useState(() => firstCardChoice(products, current?.level))
  // undefined: the best usable coupon (until the shopper chooses); null: none.
  const [couponChoice, setCouponChoice] = useState<number | null | undefined>(undefined)
  const { pay, paying } = usePay()
  const product = products.find((p) => p.id === chosen)
  const coupons = useMyAvailableCoupons()
  const usable = useMemo(() => (product ? usableCoupons(coupons.data ?? [], 'card', product.price) : []), [coupons.data, product])
  const couponId = couponChoice === undefined ? (usable[0]?.id ?? null) : usable.some((c) => c.id === couponChoice) ? couponChoice : null

  const payload = useMemo<CardOrderPayload | null>(
    () => (product && coupons.signedIn && !coupons.loading ? { kind: 'card', card_id: product.id, ...(couponId ? { coupon_id: couponId } : {}) } : null),
    [product, coupons.signedIn, coupons.loading, couponId],
  )
  const { quote, loading, error, retry } = useOrderQuote(payload)
  // Back from paying (or from another tab): the card held has changed, so has the plan.
  const shows = useRef(0)
  useDidShow(() => {
    if (shows.current++ > 0 && payload) retry()
  })

  const choose = (id: number) => {
    setChosen(id)
    setCouponChoice(undefined)
  }

  const buy = async () => {
    if (!product || !requireLogin(routeUrl('pages/card/index'))) return
    if (!payload || !quote) return
    afterPay(await pay(payload))
  }

  const label = quote?.card?.mode === 'upgrade' ? t('card.upgrade') : quote?.card?.mode === 'renew' || (!quote && current) ? t('card.renew') : t('card.buy')

  return (
    <CardProductsView
      t={t}
      products={products}
      chosenId={chosen}
      total={quote ? quote.pay_amount : product && !loading ? product.price : undefined}
      when={quote?.card ? t('plan.dates', { start: day(quote.card.start_at), end: day(quote.card.end_at) }) : undefined}
      checkout={
        coupons.signedIn &&
        product && (
          <View className='card-checkout'>
            {quote?.card && <PlanNote plan={quote.card} />}
            <CouponChoice usable={usable} chosenId={couponId} onChange={setCouponChoice} amountOff={quote?.coupon_amount} />
            {error ? <Text className='card-checkout__error'>{errorMessage(error)}</Text> : null}
          </View>
        )
      }
      buyLabel={label}
      buyDisabled={paying || !product || (coupons.signedIn && !quote)}
      paying={paying}
      onChoose={choose}
      onBuy={() => void buy()}
    />
  )
}
