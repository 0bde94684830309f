import { Button, Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useEffect, useMemo, useState } from 'react'
import { removeFromCart, setCartQuantity, useCart } from '@/api/mallCart'
import LoadState from '@/components/LoadState'
import Money from '@/components/Money'
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
 * The shopper's cart (issue 24): lines grouped by store with their current price and stock; choose lines of one
 * store (checkout is per store: one order, one shipping fee), change quantities, remove (asked first); sold-out and
 * off-sale lines greyed and not selectable. Check out → the order's sheet (address, coupon, the server's price) → pay.
 */
export default function CartScreen() {
  const t = useT()
  const query = useCart(routeUrl('pages/vMall/cart'))
  // The answer of the last write (every write answers the whole cart), until the next read.
  const [written, setWritten] = useState<CartAnswer | null>(null)
  useEffect(() => setWritten(null), [query.data])
  const cart = written ?? query.data
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set())
  const [checkout, setCheckout] = useState(false)
  const { pay, paying } = usePay()
  usePullRefresh(() => query.reload())

  const lines = useMemo(() => cart?.stores.flatMap((g) => g.lines.map((l) => ({ line: l, storeId: g.store.id }))) ?? [], [cart])
  // Only lines still there and buyable stay chosen (stock moves, a line removed).
  const picked = lines.filter(({ line }) => chosen.has(line.id) && buyable(line))
  const pickedStore = picked[0]?.storeId ?? null
  const group = cart?.stores.find((g) => g.store.id === pickedStore) ?? null
  const pickedLines = picked.map((p) => p.line)
  const total = pickedLines.reduce((sum, l) => sum + l.price * l.quantity, 0)
  const pieces = pickedLines.reduce((n, l) => n + l.quantity, 0)

  const write = useAction(async (work: () => Promise<CartAnswer>, done?: string) => {
    try {
      setWritten(await work())
      if (done) toastSuccess(done)
    } catch (e) {
      toastError(errorMessage(e))
      void query.reload()
    }
  })

  /** Choosing lines of another store starts a new choice: one store is checked out at a time. */
  const choose = (storeId: number, ids: number[], on: boolean) => {
    const next = new Set(pickedStore === storeId || pickedStore === null ? [...chosen].filter((id) => lines.some((l) => l.line.id === id && l.storeId === storeId)) : [])
    if (on && pickedStore !== null && pickedStore !== storeId) toastInfo(t('cart.oneStore'))
    for (const id of ids) {
      if (on) next.add(id)
      else next.delete(id)
    }
    setChosen(next)
  }
  const remove = async (l: CartLine) => {
    if (!(await confirmAction(t('cart.removeConfirm', { name: l.name, spec: l.spec_name }), t('cart.removeYes'), t('cart.removeNo')))) return
    await write.run(() => removeFromCart([l.id]), t('cart.removed'))
  }
  const onPay = async (payload: ProductOrderPayload) => {
    const outcome = await pay(payload)
    setCheckout(false)
    // An order made invalidates every kept answer: the cart asks again by itself. None made (refused: stock moved):
    // what the server says now.
    if (!outcome) void query.reload()
    afterPay(outcome)
  }

  const empty = cart !== undefined && cart.stores.length === 0
  return (
    <View className='cart'>
      <LoadState loading={query.loading && !cart} error={cart ? null : query.error} onRetry={() => void query.reload()} loginTo={query.loginTo} rows={4}>
        {empty ? (
          <EmptyState title={t('cart.empty')} hint={t('cart.emptyHint')} actionText={t('cart.goShopping')} onAction={() => void Taro.redirectTo({ url: routeUrl('pages/vMall/index') })} />
        ) : (
          cart && (
            <>
              <Text className='cart__hint'>{t('cart.oneStore')}</Text>
              {cart.stores.map((g) => {
                const open = g.lines.filter(buyable)
                const allOn = open.length > 0 && open.every((l) => chosen.has(l.id)) && pickedStore === g.store.id
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
                        onClick={() => open.length > 0 && choose(g.store.id, open.map((l) => l.id), !allOn)}
                      />
                      <Text className='cart-store__name'>{g.store.name}</Text>
                      <Text className='cart-store__fee'>{g.shipping_fee > 0 ? t('cart.shipping', { fee: `¥${centsToYuan(g.shipping_fee)}` }) : t('cart.freeShipping')}</Text>
                    </View>
                    {g.lines.map((l) => {
                      const on = chosen.has(l.id) && buyable(l) && pickedStore === g.store.id
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
                            onClick={() => buyable(l) && choose(g.store.id, [l.id], !on)}
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
                            <View className='cart-line__foot'>
                              <Money className='cart-line__price' cents={l.price} />
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
                    <Money className='cart-bar__amount' cents={total} />
                  </View>
                  <Text className='cart-bar__hint'>{t('cart.totalHint')}</Text>
                </View>
                <Button className='btn-pill cart-bar__checkout' disabled={pieces === 0 || write.busy || paying || undefined} loading={paying} onClick={() => group && setCheckout(true)}>
                  {pieces > 0 ? t('cart.checkoutCount', { n: pieces }) : t('cart.checkout')}
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
