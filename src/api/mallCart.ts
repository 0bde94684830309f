/**
 * The mall's cart (issue 24): kept on the server per shopper. Only the mall's sub-package imports this module
 * (the product, the mall's home, the cart page), never Home.
 */
import type { CartAddPayload, CartAnswer } from '@/contract/mallCart'
import { useSignedInQuery } from '@/hooks/useSignedIn'
import { requestMall } from './logistics'

/**
 * The shopper's cart. Required mode with `returnTo` (the cart page); optional without (a badge: nothing asked while
 * signed out). Read again after every cart write (they name it: CART) and after an order (which invalidates all), on
 * show or on the return to it (useQuery, src/core/cache.ts).
 */
export function useCart(returnTo?: string) {
  // Products as their merchants wrote them; the unpaid orders' titles are the server's, in the language asked with.
  return useSignedInQuery(() => requestMall('personal.mall_cart/index', {}), [], { returnTo })
}

/**
 * Pieces in the shopper's cart, for a badge: the count alone (signed out: nothing asked). Read again after every cart
 * write (CART names `personal.mall_cart/`) and after an order, as useCart.
 */
export function useCartCount() {
  return useSignedInQuery(() => requestMall('personal.mall_cart/count', {}), [])
}

/** What a cart write changes: the cart only (its answer is the whole cart; the screens reading it ask again). */
const CART = { changes: ['personal.mall_cart/'] }

export const addToCart = (payload: CartAddPayload) => requestMall('personal.mall_cart/add', payload, CART)
export const setCartQuantity = (id: number, quantity: number): Promise<CartAnswer> => requestMall('personal.mall_cart/setQuantity', { id, quantity }, CART)
export const removeFromCart = (ids: number[]): Promise<CartAnswer> => requestMall('personal.mall_cart/remove', { ids }, CART)
/** Tick or untick lines for checkout (kept on the server; ticking one store's lines unticks the others'). */
export const checkCartLines = (ids: number[], checked: boolean): Promise<CartAnswer> => requestMall('personal.mall_cart/check', { ids, checked }, CART)
