import { Button, Text, View } from '@tarojs/components'
import { useReachBottom } from '@tarojs/taro'
import { useEffect, useState } from 'react'
import { useProductComments } from '@/api/comments'
import { useFlashBuyers } from '@/api/seckill'
import Money from '@/components/Money'
import { ListFooter } from '@/components/StateView'
import type { ProductOrderPayload } from '@/contract/order'
import type { SeckillProduct } from '@/contract/seckill'
import { invalidate } from '@/core/cache'
import { businessToday, serverNow } from '@/core/clock'
import { centsToYuan } from '@/core/format'
import { requireLogin } from '@/core/session'
import { useCountdown } from '@/hooks/useCountdown'
import { usePay } from '@/hooks/usePay'
import { afterPay } from '@/payment/afterPay'
import { pager } from '@/platform/pager'
import { routeUrl } from '@/routes'
import BuySheet from './BuySheet'
import { useT } from './messages'
import { clockOf, countdownTarget, hms, phaseAt, soldPercent } from './phase'
import Pictures from './Pictures'
import './seckill.css'

interface Props {
  product: SeckillProduct
  /** How many of it this shopper has bought (paid or waiting to be paid): 0 when not logged in. */
  bought: number
}

/** What the buy button says and whether it buys, by the product's state on the server's clock. */
type Stage = 'upcoming' | 'on' | 'soldOut' | 'limit' | 'ended'

/**
 * A flash-sale product: pictures, prices, the countdown to its start or end, stock, limit, recent buyers, rules,
 * reviews; buy → quantity → pick-up store → the server's price → pay. Buy opens when the server's clock reaches
 * the start, whatever the phone's clock says.
 */
export default function FlashDetail({ product: p, bought }: Props) {
  const t = useT()
  const phase = phaseAt(p, serverNow())
  const left = useCountdown(countdownTarget(p, phase))
  const mayBuy = Math.min(p.stock, p.limit_per_user - bought)
  const stage: Stage = phase === 'on' && mayBuy <= 0 ? 'limit' : phase
  const [sheet, setSheet] = useState(false)
  const { pay, paying } = usePay()
  const comments = useProductComments(p.id)
  useReachBottom(() => void comments.loadMore())

  // A sheet left open while the session ends (or the last one goes) closes: there is nothing left to buy.
  useEffect(() => {
    if (stage !== 'on' && !paying) setSheet(false)
  }, [stage, paying])

  const openSheet = () => {
    if (stage !== 'on') return
    if (!requireLogin(routeUrl('pages/seckill/detail', { id: p.id }))) return
    setSheet(true)
  }
  const onPay = async (payload: ProductOrderPayload) => {
    const outcome = await pay(payload)
    setSheet(false)
    // An order made invalidates every kept answer: the product (stock, `bought`) asks again by itself. None made
    // (refused: sold out or the limit reached meanwhile): the flash sale moved on without us — this product and the
    // session lists kept besides are asked again (the screen on show at once).
    if (!outcome) invalidate('hui_public.hsh_seckill_prod/')
    afterPay(outcome)
  }

  return (
    <View className='flash-detail'>
      <Pictures images={p.images.length > 0 ? p.images : [p.image]} name={p.name} />
      <View className={`flash-detail__band flash-detail__band--${phase}`}>
        <View className='flash-detail__prices'>
          <Money className='flash-detail__price' cents={p.price} />
          <Text className='flash-detail__original'>{t('flash.original', { price: `¥${centsToYuan(p.original_price)}` })}</Text>
        </View>
        <View className='flash-detail__clock'>
          {phase === 'ended' ? (
            <Text className='flash-detail__clock-label'>{t('flash.ended')}</Text>
          ) : (
            <>
              <Text className='flash-detail__clock-label'>{t(phase === 'upcoming' ? 'flash.sessionStarts' : 'flash.sessionEnds')}</Text>
              <Text className='flash-detail__countdown'>{hms(left)}</Text>
            </>
          )}
        </View>
      </View>

      <View className='flash-box'>
        <Text className='flash-detail__name'>{p.name}</Text>
        <View className='flash-detail__progress'>
          <View className='flash-bar' aria-hidden='true'>
            <View className='flash-bar__fill' style={{ width: `${soldPercent(p)}%` }} />
          </View>
          <Text className='flash-detail__stock'>{t('flash.stockLeft', { n: p.stock, total: p.total_stock })}</Text>
        </View>
        <View className='flash-detail__facts'>
          <Text className='flash-tag flash-detail__limit'>{t('flash.limit', { n: p.limit_per_user })}</Text>
          {bought > 0 && <Text className='flash-tag flash-detail__bought'>{t('flash.bought', { n: bought })}</Text>}
          {p.pickup_shop && <Text className='flash-tag'>{t('flash.pickup')}</Text>}
        </View>
      </View>

      {/* Nobody can have bought one before it starts: no ticker then. */}
      {phase !== 'upcoming' && <BuyerTicker productId={p.id} />}

      <View className='flash-box'>
        <Text className='flash-box__title'>{t('flash.rules')}</Text>
        <Text className='flash-rule'>{t('flash.rule.limit', { n: p.limit_per_user })}</Text>
        <Text className='flash-rule'>{t('flash.rule.noCoupon')}</Text>
        {p.pickup_shop && <Text className='flash-rule'>{t('flash.rule.pickup', { shop: p.pickup_shop.name, address: p.pickup_shop.address })}</Text>}
        <Text className='flash-rule'>{t('flash.rule.unpaid')}</Text>
        <Text className='flash-rule'>{t('flash.rule.clock')}</Text>
      </View>

      <View className='flash-box'>
        <Text className='flash-box__title'>{t('flash.comments')}</Text>
        {comments.empty && <Text className='flash-comment__text'>{t('flash.noComments')}</Text>}
        {comments.items.map((c) => (
          <View key={c.id} className='flash-comment'>
            <View className='flash-comment__head'>
              <Text>{c.nickname}</Text>
              <Text>
                {'★'.repeat(c.rating)}
                {'☆'.repeat(5 - c.rating)} · {c.create_time.slice(0, 10)}
              </Text>
            </View>
            <Text className='flash-comment__text'>{c.content}</Text>
          </View>
        ))}
        {(comments.loadingMore || !comments.empty) && <ListFooter loadingMore={comments.loadingMore || comments.loading} hasMore={comments.hasMore} loadingText={t('common.loadingMore')} endText={t('common.noMore')} />}
      </View>

      <View className='flash-detail__bar'>
        <Button className={`btn-pill flash-detail__buy flash-detail__buy--${stage}`} disabled={stage !== 'on' || paying || undefined} loading={paying} onClick={openSheet}>
          {stage === 'on'
            ? t('flash.buy')
            : stage === 'upcoming'
              ? t(p.start_time.slice(0, 10) > businessToday() ? 'flash.startsTomorrow' : 'flash.startsAt', { time: clockOf(p.start_time) })
              : stage === 'soldOut'
                ? t('flash.soldOut')
                : stage === 'limit'
                  ? t('flash.limitReached')
                  : t('flash.ended')}
        </Button>
      </View>
      {sheet && <BuySheet product={p} max={Math.max(1, mayBuy)} paying={paying} onPay={(payload) => void onPay(payload)} onClose={() => setSheet(false)} />}
    </View>
  )
}

/** The latest buyers (names masked by the server), one line at a time. */
function BuyerTicker({ productId }: { productId: number }) {
  const t = useT()
  const buyers = useFlashBuyers(productId)
  const list = buyers.data?.list ?? []
  const [at, setAt] = useState(0)
  useEffect(() => {
    if (list.length < 2 || !pager.mayAutoplay()) return undefined
    const timer = setInterval(() => setAt((i) => (i + 1) % list.length), 3000)
    return () => clearInterval(timer)
  }, [list.length])
  if (!buyers.data) return null
  const line = list[at % Math.max(1, list.length)]
  return (
    <View className='flash-box flash-ticker'>
      <Text className='flash-ticker__title'>{t('flash.buyers')}</Text>
      <Text className='flash-ticker__line'>{line ? `${t('flash.buyer', { name: line.nickname, n: line.quantity })} · ${line.time.slice(11, 16)}` : t('flash.buyersNone')}</Text>
    </View>
  )
}
