import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import type { ApiLang } from '../../../src/contract/common'
import { CART_LINE_MAX, CART_MAX_LINES, type CartAnswer, type CartChecked, type CartLine, type CartStore } from '../../../src/contract/mallCart'
import { unpaidCartOrders } from '../../domain/orders'
import { activeCardRate } from '../../domain/pricing/kind'
import { defineRoute, refuse, requireUser } from '../envelope'
import * as cart from '../../storage/repo/cart'
import type { CartLineRow } from '../../storage/repo/cart'
import * as mall from '../../storage/repo/mall'
import { nowMs } from '../../time'

/** The most a line of this product's spec can hold now: its stock, the product's per-order limit, CART_LINE_MAX. */
const capOf = (stock: number, limitPerOrder: number): number => Math.max(0, Math.min(stock, limitPerOrder, CART_LINE_MAX))

const toLine = (r: CartLineRow, member: boolean): CartLine => {
  const max = capOf(r.stock, r.limit_per_order)
  const soldOut = r.stock === 0
  const offSale = r.on_sale !== 1
  const overStock = r.stock > 0 && r.quantity > max
  return {
    id: r.id,
    product_id: r.product_id,
    spec_id: r.spec_id,
    name: r.name,
    spec_name: r.spec_name,
    image: r.image,
    price: r.price,
    member_price: r.member_price,
    // As the order prices it (server/domain/pricing/mall.ts priceMallItems): the member price with an active card.
    unit_price: member ? r.member_price : r.price,
    // A line that cannot be bought now is not ticked, whatever was kept (it comes back ticked when it can be).
    checked: r.checked === 1 && !soldOut && !offSale && !overStock,
    quantity: r.quantity,
    stock: r.stock,
    max,
    sold_out: soldOut,
    off_sale: offSale,
    over_stock: overStock,
    pickup: r.pickup === 1,
  }
}

/**
 * The shopper's cart as it is now: lines grouped by store (stores in the order of their newest line), each at what this
 * shopper pays for it; the ticked lines' total; the unpaid orders made from it.
 */
export async function cartOf(db: Q, lang: ApiLang, userId: number): Promise<CartAnswer> {
  const member = (await activeCardRate(db, userId)) !== null
  const stores = new Map<number, CartStore>()
  let count = 0
  let checked: CartChecked | null = null
  for (const r of (await cart.linesOf(db, userId))) {
    let group = stores.get(r.shop_id)
    if (!group) {
      group = { store: { id: r.shop_id, name: r.shop_name, address: r.shop_address }, shipping_fee: 0, lines: [] }
      stores.set(r.shop_id, group)
    }
    const line = toLine(r, member)
    group.lines.push(line)
    group.shipping_fee = Math.max(group.shipping_fee, r.shipping_fee)
    count += r.quantity
    // The ticks stay within one store (check, add); should a database hold others, the newest store's count.
    if (line.checked && (checked === null || checked.store_id === r.shop_id)) {
      checked ??= { store_id: r.shop_id, lines: 0, pieces: 0, amount: 0 }
      checked.lines += 1
      checked.pieces += line.quantity
      checked.amount += line.unit_price * line.quantity
    }
  }
  return { stores: [...stores.values()], count, member, checked, unpaid_orders: await unpaidCartOrders(db, lang, userId) }
}

/**
 * The micro mall's cart (issue 24; src/contract/mallCart.ts): a signed-in shopper's own lines, one per spec. Every
 * write answers the cart as it is after it. Another shopper's line is "not found" (set) or ignored (remove).
 */
export function cartRoutes(app: FastifyInstance, db: Q): void {
  defineRoute(app, db, 'personal.mall_cart/index', ({ user, lang }) => cartOf(db, lang, requireUser(user).id))

  defineRoute(app, db, 'personal.mall_cart/count', async ({ user }) => ({ count: Number(await cart.pieceCount(db, requireUser(user).id)) }))

  defineRoute(app, db, 'personal.mall_cart/add', async ({ input, user, lang }) => {
    const uid = requireUser(user).id
    const added = await db.transaction('serializable', async (db) => {
      const prod = await mall.product(db, input.product_id)
      if (!prod) throw refuse('product_not_found')
      if (prod.on_sale !== 1) throw refuse('product_off_sale', { name: prod.name })
      const spec = await mall.specOf(db, prod.id, input.spec_id)
      if (!spec) throw refuse('spec_not_found')
      if (spec.stock === 0) throw refuse('spec_sold_out')
      const before = await cart.lineOfSpec(db, uid, spec.id)
      if (!before && (await cart.lineCount(db, uid)) >= CART_MAX_LINES) throw refuse('cart_full', { max: CART_MAX_LINES })
      const cap = capOf(spec.stock, prod.limit_per_order)
      if (before && before.quantity >= cap) throw refuse('cart_item_stock_left', { name: prod.name, spec: spec.name, stock: Math.min(spec.stock, cap) })
      await cart.addToLine(db, uid, prod.id, spec.id, input.quantity, cap, nowMs())
      // It arrives ticked; the ticks stay within one store.
      await cart.uncheckOtherStores(db, uid, prod.shop_id)
      const after = (await cart.lineOfSpec(db, uid, spec.id)) as { id: number; quantity: number }
      return { line_id: after.id, quantity: after.quantity, capped: after.quantity < (before?.quantity ?? 0) + input.quantity }
    })
    return { ...(await cartOf(db, lang, uid)), added }
  })

  defineRoute(app, db, 'personal.mall_cart/setQuantity', async ({ input, user, lang }) => {
    const uid = requireUser(user).id
    await db.transaction('serializable', async (db) => {
      const line = await cart.ownLine(db, uid, input.id)
      if (!line) throw refuse('cart_line_not_found')
      const prod = await mall.product(db, line.product_id)
      const spec = await mall.specOf(db, line.product_id, line.spec_id)
      // Brought down to what the line can hold now (at least 1: a sold-out line keeps its quantity until removed).
      const cap = prod && spec ? capOf(spec.stock, prod.limit_per_order) : CART_LINE_MAX
      await cart.setQuantity(db, uid, line.id, Math.max(1, Math.min(input.quantity, cap)))
    })
    return cartOf(db, lang, uid)
  })

  defineRoute(app, db, 'personal.mall_cart/check', async ({ input, user, lang }) => {
    const uid = requireUser(user).id
    await db.transaction('serializable', async (db) => {
      const stores = await cart.storesOfLines(db, uid, input.ids)
      if (stores.length > 1) throw refuse('cart_check_one_store')
      if (stores.length === 0) return
      await cart.setChecked(db, uid, input.ids, input.checked)
      // Checkout is one store's order: ticking this store's lines unticks the others'.
      if (input.checked) await cart.uncheckOtherStores(db, uid, stores[0])
    })
    return cartOf(db, lang, uid)
  })

  defineRoute(app, db, 'personal.mall_cart/remove', async ({ input, user, lang }) => {
    const uid = requireUser(user).id
    await cart.removeLines(db, uid, input.ids)
    return cartOf(db, lang, uid)
  })
}
