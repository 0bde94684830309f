import { Button, Image, Text, View } from '@tarojs/components'
import Taro, { usePageScroll, useReady } from '@tarojs/taro'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTakeoutShop } from '@/api/takeout'
import { isNotFound } from '@/api/notFound'
import { useOrderQuote } from '@/api/orders'
import { usePendingOrder } from '@/api/pendingOrders'
import LoadState from '@/components/LoadState'
import PendingOrderNotice from '@/components/PendingOrderNotice'
import { EmptyState } from '@/components/StateView'
import type { TakeoutOrderPayload } from '@/contract/order'
import type { Dish, TakeoutMenuAnswer } from '@/contract/takeout'
import { centsToYuan } from '@/core/format'
import { toastInfo } from '@/core/feedback'
import { assetUrl } from '@/core/request'
import { getItem } from '@/core/storage'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { routeUrl } from '@/routes'
import { TAKEOUT_CAPS } from '@/contract/takeoutCart'
import { cartChanged, itemsOf, keptLines, seenOf, showLines, sums, useCart, vanishedLines, type CartCap, type ShownLine, type VanishedLine } from './cart'
import CartSheet from './CartSheet'
import OptionSheet from './OptionSheet'
import { openText, wallTime } from './time'
import { useT } from './messages'
import './takeout.css'

type ShopDetail = NonNullable<ReturnType<typeof useTakeoutShop>['data']>['shop']

/** The menu of one shop (`detail?id=`): its header, the category side menu and dishes, the cart bar. */
export default function Menu({ id, dishId }: { id: number; dishId?: number }) {
  const q = useTakeoutShop(id)
  usePullRefresh(q.reload)
  return (
    <LoadState loading={q.loading && !q.data} error={q.data ? null : q.error} missing={!(id > 0) || isNotFound(q.error, 'shop')} onRetry={() => void q.reload()} rows={5}>
      {q.data && <MenuScreen shop={q.data.shop} menu={q.data.menu} dishId={dishId} />}
    </LoadState>
  )
}

const STICKY_GAP = 4

function MenuScreen({ shop, menu, dishId }: { shop: ShopDetail; menu: TakeoutMenuAnswer; dishId?: number }) {
  const t = useT()
  const cart = useCart(shop.id)
  // A returning shopper who left an order of this shop unpaid (at the cashier, or the payment sheet) is told so.
  const pending = usePendingOrder('takeout', shop.id)
  const [active, setActive] = useState(0)
  const [choosing, setChoosing] = useState<Dish | null>(null)
  const [cartOpen, setCartOpen] = useState(false)
  const dishById = useMemo(() => new Map(menu.dishes.map((d) => [d.id, d])), [menu.dishes])

  const shown = useMemo(() => showLines(cart.lines, menu), [cart.lines, menu])
  const vanished = useMemo(() => vanishedLines(cart.lines, menu), [cart.lines, menu])
  const sum = sums(shown)

  // Opened against a fresh menu (read anew each time: src/api/takeout.ts): a dish whose price changed since it was added,
  // or that left the menu, is said — once here, and on its line in the cart and at Confirm (issue 44). A line from
  // before names were kept that left the menu is dropped.
  const reconciled = useRef(false)
  useEffect(() => {
    if (reconciled.current) return
    reconciled.current = true
    const kept = keptLines(cart.lines, menu)
    if (kept.length !== cart.lines.length) cart.save(kept)
    if (kept.length !== cart.lines.length || cartChanged(shown, vanished)) toastInfo(t('to.repriced'))
  }, [cart, menu, t, shown, vanished])

  // The server prices the cart as it is opened and whenever it changes (signed in): the dishes' total and the
  // card's saving from preCreate (pickup where the shop has it — no address needed — else delivery, whose
  // refusal for want of an address still tells that every dish and option is orderable).
  const signedIn = Boolean(getItem('token'))
  const payload = useMemo<TakeoutOrderPayload | null>(() => {
    const items = itemsOf(shown)
    if (!signedIn || items.length === 0 || sum.dishes < shop.min_order) return null
    return { kind: 'takeout', shop_id: shop.id, items, mode: shop.pickup ? 'pickup' : 'delivery', ...(shop.open.state === 'closed' && shop.slots[0] ? { slot: shop.slots[0] } : {}) }
  }, [shown, signedIn, sum.dishes, shop])
  const priced = useOrderQuote(payload, { debounceMs: 300 })
  const dishesTotal = priced.quote?.takeout ? priced.quote.takeout.dishes_amount : sum.dishes
  const memberSaving = priced.quote ? priced.quote.member_discount_amount : sum.memberSaving

  // The side menu follows the dish list by the sections' measured positions (not an assumed row height).
  const tops = useRef<number[]>([])
  const stickyTop = useRef(0)
  // The scroll a tap on the side menu asked for: its own scroll event keeps the tapped category (the last sections
  // cannot all reach the top); any other scroll follows the dishes again.
  const jumpTarget = useRef<number | null>(null)
  const scrolled = useRef(0)
  // Where the side menu sticks: under the app's bar, as measured (its height differs by platform and phone).
  const [navHeight, setNavHeight] = useState(0)
  const measure = useCallback(
    () =>
      new Promise<void>((resolve) => {
        // No page to measure (gone meanwhile), or a runtime without the query: the side menu keeps what it had.
        // (On H5 the query runs a tick later and throws, uncaught, when the page has gone by then: asked only on one.)
        if (!Taro.getCurrentInstance().page) return resolve()
        try {
          Taro.createSelectorQuery()
            .selectAll('.to-sec')
            .boundingClientRect()
            .select('.nav-bar')
            .boundingClientRect()
            .exec((res: unknown[]) => {
              const rects = (res[0] ?? []) as Array<{ top: number }>
              const nav = res[1] as { height: number } | null
              // On screen now + how far the page is scrolled (as the page's own scroll reports it: on H5 the page's
              // element scrolls, not the window) = where each section starts in the page.
              tops.current = rects.map((r) => r.top + scrolled.current)
              // The side menu sticks under the bar (weapp with the system's bar: at the top).
              stickyTop.current = nav?.height ?? 0
              setNavHeight(stickyTop.current)
              resolve()
            })
        } catch {
          resolve()
        }
      }),
    [],
  )
  useEffect(() => {
    const timer = setTimeout(() => void measure(), 50)
    return () => clearTimeout(timer)
  }, [measure, menu])

  const follow = (scrollTop: number) => {
    const line = scrollTop + stickyTop.current + STICKY_GAP
    let at = 0
    tops.current.forEach((top, i) => {
      if (top <= line) at = i
    })
    setActive(at)
  }
  // Not measured yet (the page was not ready when the menu first drew): measured on the first scroll.
  usePageScroll(({ scrollTop }) => {
    scrolled.current = scrollTop
    const target = jumpTarget.current
    jumpTarget.current = null
    if (target !== null && Math.abs(scrollTop - target) < 2) return
    if (tops.current.length === 0) void measure().then(() => follow(scrollTop))
    else follow(scrollTop)
  })
  useReady(() => void measure())

  const jump = async (i: number) => {
    setActive(i)
    await measure()
    const top = tops.current[i]
    if (top === undefined) return
    const to = Math.max(0, top - stickyTop.current)
    jumpTarget.current = to
    await Taro.pageScrollTo({ scrollTop: to, duration: 0 }).catch(() => undefined)
    scrolled.current = to
  }

  // Opened at a dish (`detail?id=&dish=`, from search): that dish is scrolled to under the bar, once, and marked.
  const found = dishId !== undefined && dishById.has(dishId) ? dishId : null
  const atDish = useRef(false)
  useEffect(() => {
    if (found === null || atDish.current) return undefined
    const timer = setTimeout(() => {
      if (!Taro.getCurrentInstance().page) return
      try {
        Taro.createSelectorQuery()
          .select(`#to-dish-${found}`)
          .boundingClientRect()
          .select('.nav-bar')
          .boundingClientRect()
          .exec((res: unknown[]) => {
            const row = res[0] as { top: number } | null
            const nav = res[1] as { height: number } | null
            if (!row || atDish.current) return
            atDish.current = true
            void Taro.pageScrollTo({ scrollTop: Math.max(0, row.top + scrolled.current - (nav?.height ?? 0) - 16), duration: 0 }).catch(() => undefined)
          })
      } catch {
        // No page to measure: the menu opens at its top.
      }
    }, 80)
    return () => clearTimeout(timer)
  }, [found])

  const countOf = (dishId: number) => cart.lines.filter((l) => l.dish_id === dishId).reduce((n, l) => n + l.quantity, 0)
  // What one order may hold (issue 43): an add the cap stopped says which cap, in the shopper's words.
  const sayCap = (cap: CartCap | null, d: Dish) => {
    if (cap === 'dish') toastInfo(t('to.capDish', { name: d.name, max: TAKEOUT_CAPS.perDish }))
    else if (cap === 'items') toastInfo(t('to.capItems', { max: TAKEOUT_CAPS.items }))
    else if (cap === 'lines') toastInfo(t('to.capLines', { max: TAKEOUT_CAPS.lines }))
  }
  // The line remembers the price and name it was added at (issue 44: said at the cart and at Confirm when they change).
  const addTo = (d: Dish, optionIds: number[], by = 1) => {
    const cap = cart.add(d.id, optionIds, by, seenOf(d, optionIds))
    sayCap(cap, d)
    return cap
  }
  const tapAdd = (d: Dish) => (d.option_groups.length > 0 ? setChoosing(d) : addTo(d, []))
  const checkout = () => void Taro.navigateTo({ url: routeUrl('pages/takeout/confirmOrder', { shop_id: shop.id }) })

  const shut = shop.open.state !== 'open'
  const canPreorder = shop.open.state === 'closed' && shop.slots.length > 0
  const short = Math.max(0, shop.min_order - dishesTotal)
  const canCheckout = sum.count > 0 && short === 0 && shop.open.state !== 'paused' && (!shut || canPreorder)
  const barState = shop.open.state === 'paused' ? t('to.pausedBar') : shut ? (canPreorder ? t('to.closedPreorder', { time: wallTime(shop.slots[0]) }) : openText(t, shop.open.opens_at)) : null

  return (
    <View className='to-menu-page'>
      <ShopHead shop={shop} />
      <PendingOrderNotice order={pending.data} onChanged={pending.reload} />
      {menu.dishes.length === 0 ? (
        <EmptyState title={t('to.menuEmpty')} />
      ) : (
        <View className='to-menu'>
          <View className='to-menu__side' style={navHeight > 0 ? { top: `${navHeight}px` } : undefined} role='tablist' aria-label={t('to.menuCats')} aria-orientation='vertical'>
            {menu.categories.map((c, i) => (
              <Text key={c.name} className={`to-menu__cat${i === active ? ' to-menu__cat--on' : ''}`} role='tab' tabIndex={0} aria-selected={i === active} onClick={() => void jump(i)}>
                {c.name}
              </Text>
            ))}
          </View>
          <View className='to-menu__dishes'>
            {menu.categories.map((c) => (
              <View key={c.name} className='to-sec' role='group' aria-label={c.name}>
                <Text className='to-sec__title' role='heading' aria-level={3}>
                  {c.name}
                </Text>
                {c.dish_ids.map((dishId) => {
                  const d = dishById.get(dishId)
                  return d ? <DishRow key={d.id} dish={d} found={d.id === found} count={countOf(d.id)} full={cart.room(d.id, []).room === 0} onOpen={() => setChoosing(d)} onAdd={() => tapAdd(d)} onLess={() => lessOf(d, cart)} /> : null
                })}
              </View>
            ))}
            <View className='to-menu__end' />
          </View>
        </View>
      )}

      <CartBar
        count={sum.count}
        total={dishesTotal}
        memberSaving={memberSaving}
        packing={shop.packing_fee + shown.filter((x) => !x.gone).reduce((n, x) => n + (x.dish.packing_fee ?? 0) * x.line.quantity, 0)}
        delivery={shop.delivery_fee}
        short={short}
        state={barState}
        canCheckout={canCheckout}
        over={cartOpen}
        onCart={() => (sum.count > 0 || vanished.length > 0) && setCartOpen(!cartOpen)}
        onCheckout={checkout}
      />
      {choosing && <OptionSheet dish={choosing} memberRate={menu.member_rate} onAdd={(ids) => addTo(choosing, ids) === null && setChoosing(null)} onClose={() => setChoosing(null)} />}
      {cartOpen && (sum.count > 0 || vanished.length > 0) && (
        <CartSheet
          shown={shown}
          barLines={(barState ? 1 : 0) + (memberSaving > 0 ? 1 : 0)}
          vanished={vanished}
          full={(l: ShownLine) => cart.room(l.line.dish_id, [...l.line.option_ids]).room === 0}
          onChange={(l: ShownLine, by: number) => void addTo(l.dish, [...l.line.option_ids], by)}
          onRemove={(v: VanishedLine) => cart.save(cart.lines.filter((l) => l !== v.line))}
          onClear={() => (cart.clear(), setCartOpen(false), toastInfo(t('to.cleared')))}
          onClose={() => setCartOpen(false)}
        />
      )}
    </View>
  )
}

/** "−" on a dish row: one less of its plainest line (a dish with options: the last one added). */
function lessOf(d: Dish, cart: ReturnType<typeof useCart>) {
  const lines = cart.lines.filter((l) => l.dish_id === d.id)
  const last = lines[lines.length - 1]
  if (last) cart.add(d.id, last.option_ids, -1, seenOf(d, last.option_ids))
}

function ShopHead({ shop }: { shop: ShopDetail }) {
  const t = useT()
  const hours = shop.settings.hours.map((h) => `${h.open}–${h.close}`).join(' ')
  const allDay = shop.settings.hours.some((h) => h.open === '00:00' && h.close === '24:00')
  return (
    <View className='to-head'>
      <Image className='to-head__img' src={assetUrl(shop.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
      <View className='to-head__body'>
        <Text className='to-head__name' role='heading' aria-level={1}>
          {shop.name}
        </Text>
        <Text className='to-head__meta'>
          {t('to.rating', { rating: shop.rating.toFixed(1) })} · {t('to.monthly', { n: shop.monthly_sales })} · {t('to.minutes', { n: shop.delivery_minutes })}
        </Text>
        <Text className='to-head__meta'>
          {t('to.minOrder', { amount: centsToYuan(shop.min_order) })} · {t('to.deliveryFrom', { amount: centsToYuan(shop.delivery_fee) })} · {t('to.packingFee', { amount: centsToYuan(shop.packing_fee) })}
        </Text>
        <Text className={`to-head__open to-head__open--${shop.open.state}`}>
          {shop.open.state === 'open' ? (allDay ? t('to.allDay') : t('to.hours', { hours })) : shop.open.state === 'paused' ? t('to.paused') : `${t('to.closed')} · ${openText(t, shop.open.opens_at)}`}
        </Text>
      </View>
    </View>
  )
}

export function PriceText({ price, member }: { price: number; member: number | null }) {
  const t = useT()
  return (
    <View className='to-price'>
      {member !== null && member < price ? (
        <>
          <Text className='to-price__now'>
            <Text className='to-price__tag'>{t('to.member')}</Text>¥{centsToYuan(member)}
          </Text>
          <Text className='to-price__was'>¥{centsToYuan(price)}</Text>
        </>
      ) : (
        <Text className='to-price__now'>¥{centsToYuan(price)}</Text>
      )}
    </View>
  )
}

/**
 * One dish: a tap on it opens its detail (photo, description, options: ./OptionSheet.tsx); + and − (or Options, for a
 * dish with options) act on the cart without opening it.
 */
function DishRow({ dish: d, found, count, full, onOpen, onAdd, onLess }: { dish: Dish; found: boolean; count: number; full: boolean; onOpen: () => void; onAdd: () => void; onLess: () => void }) {
  const t = useT()
  return (
    <View id={`to-dish-${d.id}`} className={`to-dish${d.sold_out ? ' to-dish--out' : ''}${found ? ' to-dish--found' : ''}`} data-dish={d.id} onClick={onOpen}>
      <Image className='to-dish__img' src={assetUrl(d.image)} mode='aspectFill' nativeProps={{ alt: '' }} />
      <View className='to-dish__body'>
        <Text className='to-dish__name' role='button' tabIndex={0} aria-haspopup='dialog' aria-label={t('to.dishDetail', { name: d.name })}>
          {d.name}
        </Text>
        {d.description !== '' && <Text className='to-dish__desc'>{d.description}</Text>}
        <Text className='to-dish__sales'>
          {t('to.monthly', { n: d.monthly_sales })}
          {/* A daily stock running low (issue 44): said before the shopper finds it gone. */}
          {!d.sold_out && typeof d.stock_left === 'number' && d.stock_left <= 10 ? ` · ${t('to.stockLeft', { n: d.stock_left })}` : ''}
        </Text>
        {/* The cart's buttons: a tap here is not a tap on the dish. */}
        <View className='to-dish__foot' onClick={(e) => e.stopPropagation()}>
          <PriceText price={d.price} member={d.member_price} />
          {d.sold_out ? (
            <Text className='to-dish__out'>{t('to.soldOut')}</Text>
          ) : d.option_groups.length > 0 ? (
            <View className='to-dish__pick'>
              <Button className='to-dish__choose' aria-label={`${t('to.choose')} ${d.name}`} onClick={onAdd}>
                {t('to.choose')}
              </Button>
              {count > 0 && <Text className='to-dish__badge'>{count}</Text>}
            </View>
          ) : (
            <View className='to-dish__stepper'>
              {count > 0 && (
                <>
                  <View className='to-step to-step--less' role='button' tabIndex={0} aria-label={t('to.removeOne', { name: d.name })} onClick={onLess}>
                    <Text className='to-step__dot'>−</Text>
                  </View>
                  <Text className='to-step__n'>{count}</Text>
                </>
              )}
              {/* At the order's cap (issue 43) "+" stays, dimmed and disabled for assistive technology; a tap says why. */}
              <View className={`to-step to-step--more${full ? ' to-step--full' : ''}`} role='button' tabIndex={0} aria-disabled={full || undefined} aria-label={t('to.addOne', { name: d.name })} onClick={onAdd}>
                <Text className='to-step__dot'>+</Text>
              </View>
            </View>
          )}
        </View>
      </View>
    </View>
  )
}

interface BarProps {
  count: number
  total: number
  memberSaving: number
  packing: number
  delivery: number
  short: number
  /** Closed, paused: said on the bar. */
  state: string | null
  canCheckout: boolean
  /** The cart sheet is open: the bar stays above its backdrop. */
  over: boolean
  onCart: () => void
  onCheckout: () => void
}

function CartBar({ count, total, memberSaving, packing, delivery, short, state, canCheckout, over, onCart, onCheckout }: BarProps) {
  const t = useT()
  return (
    <View className={`to-bar-wrap${over ? ' to-bar-wrap--over' : ''}`}>
      {state && <Text className='to-bar__state'>{state}</Text>}
      {count > 0 && memberSaving > 0 && <Text className='to-bar__saving'>{t('to.memberSaves', { amount: centsToYuan(memberSaving) })}</Text>}
      <View className='to-bar'>
        <View className={`to-bar__cart${count > 0 ? ' to-bar__cart--on' : ''}`} role='button' tabIndex={0} aria-label={count > 0 ? t('to.cartCount', { n: count }) : t('to.cartEmpty')} onClick={onCart}>
          <View className='to-bar__icon' aria-hidden='true' />
          {count > 0 && <Text className='to-bar__count'>{count}</Text>}
        </View>
        <View className='to-bar__sum'>
          {count > 0 ? (
            <>
              <Text className='to-bar__total'>¥{centsToYuan(Math.max(0, total - memberSaving))}</Text>
              <Text className='to-bar__fees-line to-bar__packing'>{t('to.packingFee', { amount: centsToYuan(packing) })}</Text>
              <Text className='to-bar__fees-line to-bar__delivery'>{t('to.deliveryEst', { amount: centsToYuan(delivery) })}</Text>
            </>
          ) : (
            <Text className='to-bar__fees to-bar__fees--empty'>{t('to.cartEmpty')}</Text>
          )}
        </View>
        <Button className={`to-bar__go${canCheckout ? '' : ' to-bar__go--off'}`} disabled={!canCheckout || undefined} onClick={onCheckout}>
          {count > 0 && short > 0 ? t('to.short', { amount: centsToYuan(short) }) : count === 0 ? t('to.minOrder', { amount: centsToYuan(short) }) : t('to.checkout')}
        </Button>
      </View>
    </View>
  )
}
