import crypto from 'node:crypto'
import { ORDER_STATUS } from '../src/contract/constants'
import type { OrderInfo, OrderPayload, PriceQuote } from '../src/contract/order'
import type { z } from 'zod'
import { tx, type DB } from './db'
import { BizError } from './http'
import { closeOpenTrades, type PayProvider } from './provider'
import { dayjs, fmt, nowText } from './time'

type Payload = z.output<typeof OrderPayload>

/** Unpaid orders are cancelled after this long; their stock and coupon come back. */
export const UNPAID_TTL_MS = 15 * 60_000
export const MAX_ITEM_QUANTITY = 99

interface ShopRow {
  id: number
  name: string
  discount_rate: number
  is_oil: number
  delivery_fee: number
  packing_fee: number
  min_order: number
}

export interface OrderRow {
  id: number
  order_no: string
  user_id: number
  kind: OrderInfo['kind']
  title: string
  shop_id: number | null
  ref_id: number | null
  quantity: number
  status: number
  original_amount: number
  discount_amount: number
  member_discount_amount: number
  coupon_amount: number
  fee_amount: number
  pay_amount: number
  user_coupon_id: number | null
  client_request_id: string
  detail: string
  verify_code: string
  refund_reason: string | null
  create_time: string
  pay_time: string | null
  expire_at: number
}

export function toOrderInfo(db: DB, row: OrderRow): OrderInfo {
  const shop = row.shop_id ? (db.prepare('SELECT name FROM shops WHERE id = ?').get(row.shop_id) as { name: string } | undefined) : undefined
  return {
    id: row.id,
    order_no: row.order_no,
    kind: row.kind,
    title: row.title,
    shop_id: row.shop_id,
    shop_name: shop?.name ?? null,
    order_status: row.status,
    original_amount: row.original_amount,
    discount_amount: row.discount_amount + row.member_discount_amount,
    coupon_amount: row.coupon_amount,
    fee_amount: row.fee_amount,
    pay_amount: row.pay_amount,
    create_time: row.create_time,
    pay_time: row.pay_time,
    expire_time: row.status === ORDER_STATUS.UNPAID ? fmt(row.expire_at) : null,
    points: row.status >= ORDER_STATUS.PAID && row.status !== ORDER_STATUS.CANCELLED && row.status !== ORDER_STATUS.REFUNDED ? Math.floor(row.pay_amount / 100) : 0,
  }
}

/** The shopper's active card, if any: its extra member discount applies to bills and fuel. */
function activeCardRate(db: DB, userId: number): number | null {
  const row = db
    .prepare('SELECT p.member_rate FROM user_cards c JOIN card_products p ON p.id = c.card_product_id WHERE c.user_id = ? AND c.end_at > ? ORDER BY p.level DESC LIMIT 1')
    .get(userId, nowText()) as { member_rate: number } | undefined
  return row?.member_rate ?? null
}

interface Priced {
  quote: PriceQuote
  shopId: number | null
  refId: number | null
  quantity: number
  userCouponId: number | null
  detail: Record<string, unknown>
}

/** Percent off, in whole cents, rounded half up. */
const percentOff = (amount: number, rate: number) => Math.round((amount * (100 - rate)) / 100)

function shopOrFail(db: DB, id: number | undefined): ShopRow {
  if (!id) throw new BizError('请选择商家')
  const shop = db.prepare('SELECT id, name, discount_rate, is_oil, delivery_fee, packing_fee, min_order FROM shops WHERE id = ?').get(id) as ShopRow | undefined
  if (!shop) throw new BizError('商家不存在')
  return shop
}

/** Prices an order. Only the server computes prices (PRODUCT.md §5). */
export function priceOrder(db: DB, userId: number, p: Payload): Priced {
  let title: string
  let original = 0
  let discount = 0
  let member = 0
  let fee = 0
  let shopId: number | null = null
  let refId: number | null = null
  let quantity = 1
  const detail: Record<string, unknown> = {}
  const lines: PriceQuote['lines'] = []

  switch (p.kind) {
    case 'card': {
      if (!p.card_id) throw new BizError('请选择会员卡')
      const card = db.prepare('SELECT id, name, price, days FROM card_products WHERE id = ?').get(p.card_id) as { id: number; name: string; price: number; days: number } | undefined
      if (!card) throw new BizError('会员卡不存在')
      title = `一卡通${card.name}`
      original = card.price
      refId = card.id
      detail.days = card.days
      break
    }
    case 'bill':
    case 'oil': {
      const shop = shopOrFail(db, p.shop_id)
      if (p.kind === 'oil' && !shop.is_oil) throw new BizError('该商家不是加油站')
      if (p.kind === 'bill' && shop.is_oil) throw new BizError('加油请使用好店加油')
      if (!p.amount || p.amount <= 0) throw new BizError('请输入消费金额')
      const undiscounted = p.undiscounted_amount ?? 0
      if (undiscounted > p.amount) throw new BizError('不参与优惠金额不能大于消费金额')
      if (p.kind === 'oil') {
        if (!p.oil_grade) throw new BizError('请选择油号')
        const grade = db.prepare('SELECT price FROM oil_prices WHERE shop_id = ? AND grade = ?').get(shop.id, p.oil_grade) as { price: number } | undefined
        if (!grade) throw new BizError('该油站没有此油号')
        if (!p.pump_no) throw new BizError('请选择油枪号')
        detail.oil_grade = p.oil_grade
        detail.pump_no = p.pump_no
        detail.litre_price = grade.price
      }
      shopId = shop.id
      title = shop.name
      original = p.amount
      const discountable = p.amount - undiscounted
      discount = percentOff(discountable, shop.discount_rate)
      const rate = activeCardRate(db, userId)
      if (rate !== null) member = percentOff(discountable - discount, rate)
      detail.undiscounted_amount = undiscounted
      break
    }
    case 'product': {
      if (!p.product_id) throw new BizError('请选择商品')
      const prod = db.prepare('SELECT id, name, price, original_price FROM seckill_products WHERE id = ?').get(p.product_id) as { id: number; name: string; price: number; original_price: number } | undefined
      if (!prod) throw new BizError('商品不存在')
      quantity = p.quantity ?? 1
      title = prod.name
      refId = prod.id
      original = prod.original_price * quantity
      discount = (prod.original_price - prod.price) * quantity
      break
    }
    case 'takeout': {
      const shop = shopOrFail(db, p.shop_id)
      if (!p.items?.length) throw new BizError('购物车是空的')
      let sum = 0
      const items: Array<{ id: number; name: string; price: number; quantity: number }> = []
      for (const item of p.items) {
        const dish = db.prepare('SELECT id, name, price FROM dishes WHERE id = ? AND shop_id = ?').get(item.id, shop.id) as { id: number; name: string; price: number } | undefined
        if (!dish) throw new BizError('菜品已下架，请刷新菜单')
        sum += dish.price * item.quantity
        items.push({ ...dish, quantity: item.quantity })
      }
      if (sum < shop.min_order) throw new BizError(`还差 ¥${((shop.min_order - sum) / 100).toFixed(2)} 起送`)
      // The delivery address is the shopper's own, like every personal record, and is kept on the order
      // as it was when ordered (a later edit or deletion of the address does not move a parcel).
      if (!p.address_id) throw new BizError('请选择收货地址')
      const address = db
        .prepare('SELECT name, mobile, province, city, district, detail FROM addresses WHERE id = ? AND user_id = ?')
        .get(p.address_id, userId) as { name: string; mobile: string; province: string; city: string; district: string; detail: string } | undefined
      if (!address) throw new BizError('收货地址不存在')
      detail.address = address
      shopId = shop.id
      title = shop.name
      original = sum
      fee = shop.delivery_fee + shop.packing_fee
      detail.items = items
      detail.remark = p.remark ?? ''
      lines.push({ label: '配送费', amount: shop.delivery_fee }, { label: '打包费', amount: shop.packing_fee })
      break
    }
  }

  let coupon = 0
  let userCouponId: number | null = null
  if (p.coupon_id) {
    const uc = db
      .prepare('SELECT uc.id, c.amount, c.min_spend, c.shop_id, c.kind FROM user_coupons uc JOIN coupons c ON c.id = uc.coupon_id WHERE uc.id = ? AND uc.user_id = ? AND uc.status = ? AND uc.expires_at > ?')
      .get(p.coupon_id, userId, 'available', nowText()) as { id: number; amount: number; min_spend: number; shop_id: number | null; kind: string | null } | undefined
    if (!uc) throw new BizError('优惠券不可用')
    if (p.kind === 'product') throw new BizError('秒杀商品不能使用优惠券')
    if (uc.kind && uc.kind !== p.kind) throw new BizError('优惠券不适用于此订单')
    if (uc.shop_id && uc.shop_id !== shopId) throw new BizError('优惠券不适用于此商家')
    const subtotal = original - discount - member
    if (subtotal < uc.min_spend) throw new BizError(`满 ¥${(uc.min_spend / 100).toFixed(2)} 可用`)
    coupon = Math.min(uc.amount, subtotal)
    userCouponId = uc.id
  }

  const pay = original - discount - member - coupon + fee
  if (pay <= 0 && p.kind !== 'card') throw new BizError('实付金额必须大于 0')
  return {
    quote: {
      kind: p.kind,
      title,
      original_amount: original,
      discount_amount: discount,
      member_discount_amount: member,
      coupon_amount: coupon,
      fee_amount: fee,
      pay_amount: Math.max(0, pay),
      coupon_id: userCouponId,
      lines,
    },
    shopId,
    refId,
    quantity,
    userCouponId,
    detail,
  }
}

/** 200 concurrent buyers of 20 items get exactly 20 orders: the check and the decrement are one statement. */
function takeFlashStock(db: DB, userId: number, productId: number, quantity: number): void {
  const prod = db
    .prepare('SELECT p.stock, p.limit_per_user, s.start_time, s.end_time FROM seckill_products p JOIN seckill_sessions s ON s.id = p.session_id WHERE p.id = ?')
    .get(productId) as { stock: number; limit_per_user: number; start_time: string; end_time: string }
  const now = nowText()
  if (now < prod.start_time) throw new BizError('秒杀尚未开始')
  if (now >= prod.end_time) throw new BizError('秒杀已结束')
  const bought = db
    .prepare('SELECT COALESCE(SUM(quantity), 0) AS n FROM orders WHERE user_id = ? AND kind = ? AND ref_id = ? AND status NOT IN (?, ?)')
    .get(userId, 'product', productId, ORDER_STATUS.CANCELLED, ORDER_STATUS.REFUNDED) as { n: number }
  if (bought.n + quantity > prod.limit_per_user) throw new BizError(`每人限购 ${prod.limit_per_user} 件`)
  const res = db.prepare('UPDATE seckill_products SET stock = stock - ? WHERE id = ? AND stock >= ?').run(quantity, productId, quantity)
  if (res.changes !== 1) throw new BizError('已抢光')
}

export function createOrder(db: DB, userId: number, p: Payload, clientRequestId: string): OrderRow {
  return tx(db, () => {
    const existing = db.prepare('SELECT * FROM orders WHERE user_id = ? AND client_request_id = ?').get(userId, clientRequestId) as OrderRow | undefined
    if (existing) return existing
    const priced = priceOrder(db, userId, p)
    if (p.kind === 'product' && priced.refId) takeFlashStock(db, userId, priced.refId, priced.quantity)
    if (priced.userCouponId) {
      const held = db.prepare("UPDATE user_coupons SET status = 'locked' WHERE id = ? AND status = 'available'").run(priced.userCouponId)
      if (held.changes !== 1) throw new BizError('优惠券不可用')
    }
    const now = Date.now()
    const orderNo = `OCP${dayjs(now).format('YYYYMMDDHHmmss')}${crypto.randomInt(100000, 999999)}`
    const q = priced.quote
    const info = db
      .prepare(
        `INSERT INTO orders (order_no, user_id, kind, title, shop_id, ref_id, quantity, status, original_amount, discount_amount, member_discount_amount,
         coupon_amount, fee_amount, pay_amount, user_coupon_id, client_request_id, detail, verify_code, create_time, expire_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        orderNo,
        userId,
        p.kind,
        q.title,
        priced.shopId,
        priced.refId,
        priced.quantity,
        ORDER_STATUS.UNPAID,
        q.original_amount,
        q.discount_amount,
        q.member_discount_amount,
        q.coupon_amount,
        q.fee_amount,
        q.pay_amount,
        priced.userCouponId,
        clientRequestId,
        JSON.stringify(priced.detail),
        String(crypto.randomInt(10_000_000, 99_999_999)) + String(crypto.randomInt(1000, 9999)),
        nowText(),
        now + UNPAID_TTL_MS,
      )
    if (priced.userCouponId) db.prepare('UPDATE user_coupons SET order_id = ? WHERE id = ?').run(info.lastInsertRowid, priced.userCouponId)
    return db.prepare('SELECT * FROM orders WHERE id = ?').get(info.lastInsertRowid) as OrderRow
  })
}

/** Ownership is part of every lookup: another shopper's order is simply "not found". */
export function findOwnOrder(db: DB, userId: number, id: number): OrderRow {
  const row = db.prepare('SELECT * FROM orders WHERE id = ? AND user_id = ?').get(id, userId) as OrderRow | undefined
  if (!row) throw new BizError('订单不存在')
  return row
}

/** Give back what an unpaid order held: flash-sale stock and the coupon. */
function release(db: DB, row: OrderRow): void {
  if (row.kind === 'product' && row.ref_id) db.prepare('UPDATE seckill_products SET stock = stock + ? WHERE id = ?').run(row.quantity, row.ref_id)
  if (row.user_coupon_id) db.prepare("UPDATE user_coupons SET status = 'available', order_id = NULL WHERE id = ? AND status = 'locked'").run(row.user_coupon_id)
}

/**
 * Cancel unpaid orders past their time. Each order's open trades are closed at the provider first, so
 * nothing can be paid for it once it reads "cancelled"; an order whose trade the provider reports as
 * paid already is left for that payment's notification.
 */
export function cancelExpired(db: DB, provider: PayProvider, now = Date.now()): number {
  // Cheap check first: the common case (nothing expired) needs no write transaction.
  if (!db.prepare('SELECT 1 FROM orders WHERE status = ? AND expire_at <= ? LIMIT 1').get(ORDER_STATUS.UNPAID, now)) return 0
  return tx(db, () => {
    const rows = db.prepare('SELECT * FROM orders WHERE status = ? AND expire_at <= ?').all(ORDER_STATUS.UNPAID, now) as OrderRow[]
    let cancelled = 0
    for (const row of rows) {
      if (!closeOpenTrades(db, provider, row.id)) continue
      const res = db.prepare('UPDATE orders SET status = ? WHERE id = ? AND status = ?').run(ORDER_STATUS.CANCELLED, row.id, ORDER_STATUS.UNPAID)
      if (res.changes === 1) {
        release(db, row)
        cancelled++
      }
    }
    return cancelled
  })
}

export function cancelOrder(db: DB, provider: PayProvider, row: OrderRow): void {
  tx(db, () => {
    if (!closeOpenTrades(db, provider, row.id)) throw new BizError('支付正在处理中，请稍后查看订单')
    const res = db.prepare('UPDATE orders SET status = ? WHERE id = ? AND status = ?').run(ORDER_STATUS.CANCELLED, row.id, ORDER_STATUS.UNPAID)
    if (res.changes !== 1) throw new BizError('订单当前状态不能取消')
    release(db, row)
  })
}

/**
 * The provider's confirmed notification: unpaid → paid once, whatever the number of repeats (false when
 * the order is not unpaid: cancelled, or paid through another trade). Call it inside the caller's
 * IMMEDIATE transaction (handleNotification's), which also attaches the payment: it opens none itself.
 */
export function markPaid(db: DB, orderId: number): boolean {
  if (!db.inTransaction) throw new Error('markPaid must run inside a write transaction')
  const row = db.prepare('SELECT * FROM orders WHERE id = ?').get(orderId) as OrderRow
  const res = db.prepare('UPDATE orders SET status = ?, pay_time = ? WHERE id = ? AND status = ?').run(ORDER_STATUS.PAID, nowText(), orderId, ORDER_STATUS.UNPAID)
  if (res.changes !== 1) return false
  if (row.user_coupon_id) db.prepare("UPDATE user_coupons SET status = 'used' WHERE id = ?").run(row.user_coupon_id)
  if (row.kind === 'card' && row.ref_id) {
    const days = (JSON.parse(row.detail) as { days?: number }).days ?? 365
    // A new card starts when the current one ends, so buying early never loses days.
    const current = db.prepare('SELECT MAX(end_at) AS end_at FROM user_cards WHERE user_id = ? AND end_at > ?').get(row.user_id, nowText()) as { end_at: string | null }
    const start = current.end_at ? dayjs(current.end_at) : dayjs()
    db.prepare('INSERT INTO user_cards (user_id, card_product_id, card_no, start_at, end_at, order_id) VALUES (?, ?, ?, ?, ?, ?)').run(
      row.user_id,
      row.ref_id,
      `8${String(row.user_id).padStart(6, '0')}${String(row.id).padStart(6, '0')}`,
      fmt(start),
      fmt(start.add(days, 'day')),
      row.id,
    )
  }
  return true
}

export function requestRefund(db: DB, row: OrderRow, reason: string): void {
  const refundable: number[] = [ORDER_STATUS.PAID, ORDER_STATUS.COMPLETED]
  if (!refundable.includes(row.status)) throw new BizError('订单当前状态不能退款')
  db.prepare('UPDATE orders SET status = ?, refund_reason = ? WHERE id = ? AND status = ?').run(ORDER_STATUS.REFUNDING, reason, row.id, row.status)
}
