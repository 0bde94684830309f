import type { Q } from '../../storage/query'
import type { OrderDelivery } from '../../../src/contract/order'
import * as addresses from '../../storage/repo/addresses'
import * as mall from '../../storage/repo/mall'
import { refuse } from '../refusal'
import { activeCardRate, type KindPayload, type KindPriced } from './kind'

/**
 * Pricing of a mall order (a product order with `source: 'mall'`; priceOrder in server/domain/orders.ts calls priceMall):
 * one product's line (Buy now) or the cart's several lines of one store. The stored detail's shape is read back by
 * orders.ts.
 */

/** A mall order's stored detail (read back by server/domain/orders.ts). */
export interface MallDetail {
  source: 'mall'
  spec_id: number
  spec_name: string
  image: string
  unit_price: number
  delivery: OrderDelivery
  /** An order of several lines (the cart's checkout, issue 24): each line as it was ordered; the fields above are its first. */
  items?: MallItemDetail[]
}
/** One line of a mall order with several lines, as it was ordered. */
export interface MallItemDetail {
  product_id: number
  spec_id: number
  name: string
  spec_name: string
  image: string
  unit_price: number
  quantity: number
}

type ProductPayload = KindPayload<'product'>

/**
 * A mall order: the cart's several lines (`items`, instead of product_id / spec_id) or one product's line. Each spec's
 * quantity is taken from its stock at create (`mall.specTakes`).
 */
export async function priceMall(db: Q, userId: number, p: ProductPayload): Promise<KindPriced> {
  if (p.items !== undefined) {
    if (p.product_id !== undefined || p.spec_id !== undefined) throw refuse('order_items_or_product')
    const m = await priceMallItems(db, userId, p, p.items)
    return mallPriced(m, m.specTakes)
  }
  if (p.product_id === undefined) throw refuse('product_required')
  const m = await priceMallLine(db, userId, { ...p, product_id: p.product_id })
  return mallPriced(m, [{ specId: m.specId, quantity: m.quantity }])
}

function mallPriced(m: Awaited<ReturnType<typeof priceMallLine>>, specTakes: Array<{ specId: number; quantity: number }>): KindPriced {
  return {
    title: m.title,
    original: m.original,
    discount: 0,
    member: m.member,
    fee: m.fee,
    shopId: m.shopId,
    refId: m.productId,
    quantity: m.quantity,
    detail: { ...m.detail },
    lines: m.fee > 0 ? [{ label: '运费', amount: m.fee }] : [],
    mall: { specId: m.specId, delivery: m.delivery, specTakes },
  }
}

/**
 * A mall product's line: the spec's price × quantity, the member price with an active card, the shipping fee
 * when shipped. Bounded by the product's per-order limit and the spec's stock (taken at create); pickup only where
 * the product allows it; a shipped order goes to one of the shopper's own addresses, kept as it was.
 */
async function priceMallLine(db: Q, userId: number, p: ProductPayload & { product_id: number }) {
  const prod = await mall.product(db, p.product_id)
  if (!prod) throw refuse('product_not_found')
  if (prod.on_sale !== 1) throw refuse('product_off_sale', { name: prod.name })
  if (p.spec_id === undefined) throw refuse('spec_required')
  const spec = await mall.specOf(db, prod.id, p.spec_id)
  if (!spec) throw refuse('spec_not_found')
  const quantity = p.quantity
  if (quantity > prod.limit_per_order) throw refuse('limit_per_order', { limit: prod.limit_per_order })
  if (spec.stock === 0) throw refuse('spec_sold_out')
  if (quantity > spec.stock) throw refuse('stock_left', { stock: spec.stock })
  const delivery = p.delivery ?? 'ship'
  let address: { name: string; phone: string; text: string } | null = null
  if (delivery === 'pickup') {
    if (prod.pickup !== 1) throw refuse('pickup_not_offered')
  } else {
    if (p.address_id === undefined) throw refuse('delivery_address_required')
    const a = await addresses.addressForOrder(db, userId, p.address_id)
    if (!a) throw refuse('delivery_address_not_found')
    address = { name: a.name, phone: a.mobile, text: `${a.province}${a.city}${a.district}${a.detail}` }
  }
  const hasCard = (await activeCardRate(db, userId)) !== null
  const detail: MallDetail = { source: 'mall', spec_id: spec.id, spec_name: spec.name, image: prod.image, unit_price: spec.price, delivery: { mode: delivery, address } }
  return {
    title: prod.name,
    productId: prod.id,
    shopId: prod.shop_id,
    specId: spec.id,
    delivery,
    quantity,
    original: spec.price * quantity,
    member: hasCard ? (spec.price - spec.member_price) * quantity : 0,
    fee: delivery === 'ship' ? prod.shipping_fee : 0,
    detail,
  }
}

/**
 * A mall order of several lines, all of one store (the cart's checkout, issue 24): each line its spec's price ×
 * quantity (the member price with an active card), bounded per product by its per-order limit and per spec by its
 * stock (taken at create, per spec, all or nothing); one delivery — one address, or pickup where every product
 * allows it — and one shipping fee, the highest of its products' (one parcel). The same spec twice is one line.
 */
async function priceMallItems(db: Q, userId: number, p: ProductPayload, asked: ReadonlyArray<{ product_id: number; spec_id: number; quantity: number }>) {
  const merged = new Map<number, { product_id: number; spec_id: number; quantity: number }>()
  for (const i of asked) {
    const seen = merged.get(i.spec_id)
    merged.set(i.spec_id, seen ? { ...seen, quantity: seen.quantity + i.quantity } : { ...i })
  }
  const items: MallItemDetail[] = []
  const perProduct = new Map<number, number>()
  let storeId: number | null = null
  let pickupForAll = true
  let fee = 0
  let original = 0
  let memberPrices = 0
  let first: mall.MallProductRow | null = null
  for (const i of merged.values()) {
    const prod = await mall.product(db, i.product_id)
    if (!prod) throw refuse('product_not_found')
    if (prod.on_sale !== 1) throw refuse('product_off_sale', { name: prod.name })
    const spec = await mall.specOf(db, prod.id, i.spec_id)
    if (!spec) throw refuse('spec_not_found')
    if (storeId !== null && prod.shop_id !== storeId) throw refuse('order_items_one_store')
    storeId = prod.shop_id
    first ??= prod
    const ofProduct = (perProduct.get(prod.id) ?? 0) + i.quantity
    perProduct.set(prod.id, ofProduct)
    if (ofProduct > prod.limit_per_order) throw refuse('cart_item_limit', { name: prod.name, limit: prod.limit_per_order })
    if (spec.stock === 0) throw refuse('cart_item_sold_out', { name: prod.name, spec: spec.name })
    if (i.quantity > spec.stock) throw refuse('cart_item_stock_left', { name: prod.name, spec: spec.name, stock: spec.stock })
    if (prod.pickup !== 1) pickupForAll = false
    fee = Math.max(fee, prod.shipping_fee)
    original += spec.price * i.quantity
    memberPrices += spec.member_price * i.quantity
    items.push({ product_id: prod.id, spec_id: spec.id, name: prod.name, spec_name: spec.name, image: prod.image, unit_price: spec.price, quantity: i.quantity })
  }
  if (!first || storeId === null) throw refuse('cart_empty')
  const delivery = p.delivery ?? 'ship'
  let address: { name: string; phone: string; text: string } | null = null
  if (delivery === 'pickup') {
    if (!pickupForAll) throw refuse('pickup_not_offered')
  } else {
    if (p.address_id === undefined) throw refuse('delivery_address_required')
    const a = await addresses.addressForOrder(db, userId, p.address_id)
    if (!a) throw refuse('delivery_address_not_found')
    address = { name: a.name, phone: a.mobile, text: `${a.province}${a.city}${a.district}${a.detail}` }
  }
  const hasCard = (await activeCardRate(db, userId)) !== null
  const head = items[0]
  const detail: MallDetail = { source: 'mall', spec_id: head.spec_id, spec_name: head.spec_name, image: head.image, unit_price: head.unit_price, delivery: { mode: delivery, address }, items }
  return {
    title: first.name,
    productId: first.id,
    shopId: storeId,
    specId: head.spec_id,
    delivery,
    quantity: items.reduce((n, i) => n + i.quantity, 0),
    specTakes: items.map((i) => ({ specId: i.spec_id, quantity: i.quantity })),
    original,
    member: hasCard ? original - memberPrices : 0,
    fee: delivery === 'ship' ? fee : 0,
    detail,
  }
}
