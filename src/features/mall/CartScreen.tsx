import { Button, Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useMemo, useRef, useState } from 'react'
import { checkCartLines, removeFromCart, setCartQuantity, useCart } from '@/api/mallCart'
import LoadState from '@/components/LoadState'
import Money from '@/components/Money'
import PendingOrderNotice from '@/components/PendingOrderNotice'
import QuantityStepper from '@/components/QuantityStepper'
import { EmptyState } from '@/components/StateView'
import type { CartAnswer, CartLine } from '@/contract/mallCart'
import type { ProductOrderPayload } from '@/contract/order'
import { confirmAction, toastError, toastInfo, toastSuccess } from '@/core/feedback'
import { centsToYuan } from '@/core/format'
import { assetUrl, errorMessage } from '@/core/request'
import { useAction } from '@/hooks/useAction'
import { usePay } from '@/hooks/usePay'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { afterPay } from '@/payment/afterPay'
import { routeUrl } from '@/routes'
import CartCheckoutSheet from './CartCheckoutSheet'
import { useT } from './messages'
import './cart.css'

/** A line that can be checked out now: on sale, in stock, no more than is left. */
const buyable = (l: CartLine) => !l.sold_out && !l.off_sale && !l.over_stock

/**
 * The shopper's cart (issue 24): lines grouped by store at what this shopper pays (the member price with a card: the
 * server's `unit_price`, issue 39), quantities, removal (asked first); sold-out and off-sale lines greyed and not
 * selectable. The ticks are the server's (a line arrives ticked; they stay within one store — checkout is one store's
 * order) and so is the ticked total; a tap shows at once and is sent in order. Unpaid orders made from the cart are said
 * first, with Pay and Cancel. Check out → the order's sheet (address, coupon, the server's price) → pay.
 */
export default function CartScreen() {
  const t = useT()
  const query = useCart(routeUrl('pages/vMall/cart'))
  // The answer of the last write (every write answers the whole cart), until the next read.
  const [written, setWritten] = useState<CartAnswer | null>(null)
  useEffect(() => setWritten(null), [query.data])
  const cart = written ?? query.data
  // Ticks tapped and not answered yet, shown at once over the server's; sent one after another (the last one wins).
  const [tapped, setTapped] = useState<ReadonlyMap<number, boolean>>(new Map())
  const ticks = useRef<{ queue: Promise<void>; waiting: number }>({ queue: Promise.resolve(), waiting: 0 })
  const [checkout, setCheckout] = useState(false)
  const { pay, paying } = usePay()
  usePullRefresh(() => query.reload())

  const lines = useMemo(() => cart?.stores.flatMap((g) => g.lines.map((l) => ({ line: l, storeId: g.store.id }))) ?? [], [cart])
  const ticked = (l: CartLine) => buyable(l) && (tapped.get(l.id) ?? l.checked)
  // What is checked out: the server's ticked lines (the button waits for every tap to be answered).
  const checkedStore = cart?.checked?.store_id ?? null
  const group = cart?.stores.find((g) => g.store.id === checkedStore) ?? null
  const pickedLines = group ? group.lines.filter((l) => l.checked) : []
  const settling = tapped.size > 0

  const write = useAction(async (work: () => Promise<CartAnswer>, done?: string) => {
    try {
      setWritten(await work())
      if (done) toastSuccess(done)
    } catch (e) {
      toastError(errorMessage(e))
      void query.reload()
    }
  })

  /** Tick or untick: shown now, kept on the server. Ticking another store's lines unticks the others' (one store at a time). */
  const tick = (storeId: number, ids: number[], on: boolean) => {
    if (on && lines.some((x) => x.storeId !== storeId && ticked(x.line))) toastInfo(t('cart.oneStore'))
    setTapped((prev) => {
      const next = new Map(prev)
      for (const id of ids) next.set(id, on)
      if (on) for (const x of lines) if (x.storeId !== storeId) next.set(x.line.id, false)
      return next
    })
    const own = ticks.current
    own.waiting += 1
    own.queue = own.queue
      .then(() => checkCartLines(ids, on))
      .then(
        (answer) => setWritten(answer),
        (e: unknown) => {
          toastError(errorMessage(e))
          void query.reload()
        },
      )
      .then(() => {
        own.waiting -= 1
        // Every tap answered: the server's ticks are what shows.
        if (own.waiting === 0) setTapped(new Map())
      })
  }
  const remove = async (l: CartLine) => {
    if (!(await confirmAction(t('cart.removeConfirm', { name: l.name, spec: l.spec_name }), t('cart.removeYes'), t('cart.removeNo')))) return
    await write.run(() => removeFromCart([l.id]), t('cart.removed'))
  }
  const onPay = async (payload: ProductOrderPayload) => {
    const outcome = await pay(payload)
    // An order made invalidates every kept answer: the cart asks again by itself (its lines left it; an unpaid one is
    // said on top). None made (refused: stock moved, an unpaid order of these goods): what the server says now, the
    // sheet still open with its price asked again.
    if (!outcome) {
      void query.reload()
      return
    }
    setCheckout(false)
    afterPay(outcome)
  }

  const empty = cart !== undefined && cart.stores.length === 0
  const checked = cart?.checked ?? null
  return (
    <View className='cart'>
      <LoadState loading={query.loading && !cart} error={cart ? null : query.error} onRetry={() => void query.reload()} loginTo={query.loginTo} rows={4}>
        {cart?.unpaid_orders.map((o) => (
          <PendingOrderNotice key={o.id} order={o} showTitle onChanged={() => query.reload()} />
        ))}
        {empty ? (
          <EmptyState title={t('cart.empty')} hint={t('cart.emptyHint')} actionText={t('cart.goShopping')} onAction={() => void Taro.redirectTo({ url: routeUrl('pages/vMall/index') })} />
        ) : (
          cart && (
            <>
              <Text className='cart__hint'>{t('cart.oneStore')}</Text>
              {cart.stores.map((g) => {
                const open = g.lines.filter(buyable)
                const allOn = open.length > 0 && open.every(ticked)
                return (
                  <View key={g.store.id} className='cart-store'>
                    <View className='cart-store__head'>
                      <View
                        className={`cart-check${allOn ? ' cart-check--on' : ''}${open.length === 0 ? ' cart-check--off' : ''}`}
                        role='checkbox'
                        tabIndex={0}
                        aria-checked={allOn}
                        aria-disabled={open.length === 0}
                        aria-label={t('cart.selectStore', { store: g.store.name })}
                        onClick={() => open.length > 0 && tick(g.store.id, open.map((l) => l.id), !allOn)}
                      />
                      <Text className='cart-store__name'>{g.store.name}</Text>
                      <Text className='cart-store__fee'>{g.shipping_fee > 0 ? t('cart.shipping', { fee: `¥${centsToYuan(g.shipping_fee)}` }) : t('cart.freeShipping')}</Text>
                    </View>
                    {g.lines.map((l) => {
                      const on = ticked(l)
                      const state = l.off_sale ? t('cart.offSale') : l.sold_out ? t('cart.soldOut') : null
                      return (
                        <View key={l.id} className={`cart-line${state ? ' cart-line--gone' : ''}`}>
                          <View
                            className={`cart-check${on ? ' cart-check--on' : ''}${buyable(l) ? '' : ' cart-check--off'}`}
                            role='checkbox'
                            tabIndex={0}
                            aria-checked={on}
                            aria-disabled={!buyable(l)}
                            aria-label={t('cart.selectLine', { name: l.name, spec: l.spec_name })}
                            onClick={() => buyable(l) && tick(g.store.id, [l.id], !on)}
                          />
                          <Image
                            className='cart-line__img'
                            src={assetUrl(l.image)}
                            mode='aspectFill'
                            nativeProps={{ alt: '' }}
                            onClick={() => void Taro.navigateTo({ url: routeUrl('pages/vMall/detail', { id: l.product_id }) })}
                          />
                          <View className='cart-line__body'>
                            <Text className='cart-line__name'>{l.name}</Text>
                            <Text className='cart-line__spec'>{l.spec_name}</Text>
                            {state ? (
                              <Text className='cart-line__state'>{state}</Text>
                            ) : l.over_stock ? (
                              <Text className='cart-line__warn'>{t('cart.overStock', { n: l.max })}</Text>
                            ) : l.stock <= 5 ? (
                              <Text className='cart-line__warn'>{t('cart.stockLeft', { n: l.stock })}</Text>
                            ) : null}
                            {/* A card holder pays the member price (the price struck beside the tag); without a card, what a card would make it. */}
                            {!state && l.member_price < l.price && (
                              <View className='cart-line__member-row'>
                                {l.unit_price < l.price ? (
                                  <>
                                    <Text className='cart-line__member'>{t('cart.memberPriced')}</Text>
                                    <Money className='cart-line__list' cents={l.price} />
                                  </>
                                ) : (
                                  <Text className='cart-line__member'>{t('cart.memberPrice', { price: centsToYuan(l.member_price) })}</Text>
                                )}
                              </View>
                            )}
                            <View className='cart-line__foot'>
                              <Money className='cart-line__price' cents={l.unit_price} />
                              {!state && (
                                <QuantityStepper
                                  name='cart-stepper'
                                  value={l.quantity}
                                  max={Math.max(l.max, 1)}
                                  onChange={(q) => void write.run(() => setCartQuantity(l.id, q))}
                                  onBeyond={() => toastInfo(t('cart.stockLeft', { n: l.max }))}
                                  lessLabel={t('mall.less')}
                                  moreLabel={t('mall.more')}
                                />
                              )}
                            </View>
                          </View>
                          <Text className='cart-line__remove' role='button' tabIndex={0} aria-label={t('cart.removeLabel', { name: l.name, spec: l.spec_name })} onClick={() => void remove(l)}>
                            {t('cart.remove')}
                          </Text>
                        </View>
                      )
                    })}
                  </View>
                )
              })}
              <View className='cart-bar'>
                <View className='cart-bar__total'>
                  <View className='cart-bar__sum'>
                    <Text className='cart-bar__label'>{t('cart.total')}</Text>
                    <Money className={`cart-bar__amount${settling ? ' cart-bar__amount--settling' : ''}`} cents={checked?.amount ?? 0} />
                  </View>
                  <Text className='cart-bar__hint'>{cart.member ? t('cart.totalHintMember') : t('cart.totalHint')}</Text>
                </View>
                <Button className='btn-pill cart-bar__checkout' disabled={!checked || settling || write.busy || paying || undefined} loading={paying} onClick={() => group && pickedLines.length > 0 && setCheckout(true)}>
                  {checked ? t('cart.checkoutCount', { n: checked.pieces }) : t('cart.checkout')}
                </Button>
              </View>
            </>
          )
        )}
      </LoadState>
      {checkout && group && pickedLines.length > 0 && <CartCheckoutSheet store={group.store} lines={pickedLines} paying={paying} onPay={(p) => void onPay(p)} onClose={() => setCheckout(false)} />}
    </View>
  )
}
