import type { Q } from '../query'
import type { OrderInfo } from '../../../src/contract/order'
import { ORDER_STATUS } from '../../../src/contract/constants'
import { placeholders } from '../db'

/** An order as stored (amounts in cents; detail is JSON text; expire_at is epoch ms). */
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
  request_hash: string | null
  detail: string
  verify_code: string
  refund_reason: string | null
  /** The status a refund was asked from (a refused request goes back to it). */
  refund_from: number | null
  /** When the refund was asked (epoch ms): the automatic approval counts from it. */
  refund_requested_at: number | null
  /** The store's reason for refusing the last refund request (null after a new request). */
  refund_rejection: string | null
  refund_rejected_at: string | null
  create_time: string
  pay_time: string | null
  expire_at: number
  /** Mall orders: the spec bought (flash-sale orders have none). */
  spec_id: number | null
  /** Mall orders: shipped to the address in `detail`, or picked up at the store. */
  delivery: 'ship' | 'pickup' | null
}

export type NewOrder = Omit<OrderRow, 'id' | 'refund_reason' | 'refund_from' | 'pay_time' | 'refund_requested_at' | 'refund_rejection' | 'refund_rejected_at'>

export const byId = async (db: Q, id: number | bigint) => (await db.get('SELECT * FROM orders WHERE id = ?', id)) as OrderRow | undefined

/** Ownership is part of the lookup: another shopper's order is not found. */
export const ownById = async (db: Q, userId: number, id: number) => (await db.get('SELECT * FROM orders WHERE id = ? AND user_id = ?', id, userId)) as OrderRow | undefined

/** An order's shop as the order shows it: its name, and where it is (an order collected there). */
export interface OrderShop {
  id: number
  name: string
  address: string
  hours: string
  lat: number
  lng: number
}

/**
 * The shopper's order as personal.order/read shows it, in one statement (docs/performance.md "The hot path"): the row
 * (ownership is part of the lookup) and its shop. (A read cancels nothing: an unpaid order past its time reads as
 * cancelled from what is stored, server/domain/orders.ts shownStatus; the sweep cancels it.) Read as an array and built here: a 30-column row built by better-sqlite3 as an
 * object cost ~6 µs more per read. The literal is typed OrderRow, so a column added to OrderRow must be added here.
 * undefined: not this shopper's order.
 */
export async function ownForReading(db: Q, userId: number, id: number): Promise<{ row: OrderRow; shop: OrderShop | null } | undefined> {
  // The shop's columns have names of their own: PostgreSQL's rows come back keyed by column name.
  const [r] = await db.arrays(
    `SELECT o.id, o.order_no, o.user_id, o.kind, o.title, o.shop_id, o.ref_id, o.quantity, o.status, o.original_amount, o.discount_amount,
       o.member_discount_amount, o.coupon_amount, o.fee_amount, o.pay_amount, o.user_coupon_id, o.client_request_id, o.request_hash, o.detail,
       o.verify_code, o.refund_reason, o.refund_from, o.refund_requested_at, o.refund_rejection, o.refund_rejected_at, o.create_time, o.pay_time,
       o.expire_at, o.spec_id, o.delivery,
       s.id AS s_id, s.name AS s_name, s.address AS s_address, s.hours AS s_hours, s.lat AS s_lat, s.lng AS s_lng
     FROM orders o LEFT JOIN shops s ON s.id = o.shop_id WHERE o.id = ? AND o.user_id = ?`,
    id,
    userId,
  )
  if (!r) return undefined
  const row: OrderRow = {
    id: r[0] as number,
    order_no: r[1] as string,
    user_id: r[2] as number,
    kind: r[3] as OrderRow['kind'],
    title: r[4] as string,
    shop_id: r[5] as number | null,
    ref_id: r[6] as number | null,
    quantity: r[7] as number,
    status: r[8] as number,
    original_amount: r[9] as number,
    discount_amount: r[10] as number,
    member_discount_amount: r[11] as number,
    coupon_amount: r[12] as number,
    fee_amount: r[13] as number,
    pay_amount: r[14] as number,
    user_coupon_id: r[15] as number | null,
    client_request_id: r[16] as string,
    request_hash: r[17] as string | null,
    detail: r[18] as string,
    verify_code: r[19] as string,
    refund_reason: r[20] as string | null,
    refund_from: r[21] as number | null,
    refund_requested_at: r[22] as number | null,
    refund_rejection: r[23] as string | null,
    refund_rejected_at: r[24] as string | null,
    create_time: r[25] as string,
    pay_time: r[26] as string | null,
    expire_at: r[27] as number,
    spec_id: r[28] as number | null,
    delivery: r[29] as OrderRow['delivery'],
  }
  const shop = r[30] === null ? null : { id: r[30] as number, name: r[31] as string, address: r[32] as string, hours: r[33] as string, lat: r[34] as number, lng: r[35] as number }
  return { row, shop }
}

/** The order an earlier try of the same create request made (client_request_id is unique per shopper). */
export const byRequest = async (db: Q, userId: number, clientRequestId: string) =>
  (await db.get('SELECT * FROM orders WHERE user_id = ? AND client_request_id = ?', userId, clientRequestId)) as OrderRow | undefined

export async function insert(db: Q, o: NewOrder): Promise<number | bigint> {
  return db.insert(`INSERT INTO orders (order_no, user_id, kind, title, shop_id, ref_id, quantity, status, original_amount, discount_amount, member_discount_amount,
     coupon_amount, fee_amount, pay_amount, user_coupon_id, client_request_id, request_hash, detail, verify_code, create_time, expire_at, spec_id, delivery)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, o.order_no, o.user_id, o.kind, o.title, o.shop_id, o.ref_id, o.quantity, o.status, o.original_amount, o.discount_amount, o.member_discount_amount, o.coupon_amount, o.fee_amount, o.pay_amount, o.user_coupon_id, o.client_request_id, o.request_hash, o.detail, o.verify_code, o.create_time, o.expire_at, o.spec_id, o.delivery)
}

/** Moves an order from one status to another; false when it was no longer in `from` (someone else moved it). */
export const moveStatus = async (db: Q, id: number, from: number, to: number): Promise<boolean> =>
  (await db.run('UPDATE orders SET status = ? WHERE id = ? AND status = ?', to, id, from)).changes === 1

/** unpaid → paid with its pay time; false when the order was not unpaid. */
export const setPaid = async (db: Q, id: number, payTime: string): Promise<boolean> =>
  (await db.run('UPDATE orders SET status = ?, pay_time = ? WHERE id = ? AND status = ?', ORDER_STATUS.PAID, payTime, id, ORDER_STATUS.UNPAID)).changes === 1

/** A refund request: the status it came from, the time (the automatic approval counts from it); an earlier refusal is cleared. */
export const setRefunding = async (db: Q, id: number, from: number, reason: string, at: number): Promise<boolean> =>
  (await db.run('UPDATE orders SET status = ?, refund_reason = ?, refund_from = ?, refund_requested_at = ?, refund_rejection = NULL, refund_rejected_at = NULL WHERE id = ? AND status = ?', ORDER_STATUS.REFUNDING, reason, from, at, id, from)).changes === 1

/**
 * A refund request's detail and photos beside its reason (issue 39): one row per order, the latest request's (a new
 * request replaces it; a cancel before acceptance has none). Photos as a JSON list of `/uploads/…` addresses.
 */
export const setRefundDetail = (db: Q, orderId: number, detail: string | null, photos: readonly string[], at: number) =>
  db.run(
    'INSERT INTO refund_details (order_id, detail, photos, at) VALUES (?, ?, ?, ?) ON CONFLICT (order_id) DO UPDATE SET detail = excluded.detail, photos = excluded.photos, at = excluded.at',
    orderId,
    detail,
    JSON.stringify(photos),
    at,
  )

export async function refundDetailOf(db: Q, orderId: number): Promise<{ detail: string | null; photos: string[] }> {
  const row = (await db.get('SELECT detail, photos FROM refund_details WHERE order_id = ?', orderId)) as { detail: string | null; photos: string } | undefined
  if (!row) return { detail: null, photos: [] }
  let photos: unknown
  try {
    photos = JSON.parse(row.photos)
  } catch {
    photos = []
  }
  return { detail: row.detail, photos: Array.isArray(photos) ? photos.filter((p): p is string => typeof p === 'string') : [] }
}

/**
 * The shopper withdraws a request the store has not answered: refunding → the status it was asked from; false when
 * the order is not refunding or its refund was approved already (the status and "no refund asked" are in the WHERE).
 */
export const withdrawRefunding = async (db: Q, id: number): Promise<boolean> =>
  (await db.run(`UPDATE orders SET status = COALESCE(refund_from, ?)
     WHERE id = ? AND status = ? AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = orders.id AND r.reason = 'order')`, ORDER_STATUS.PAID, id, ORDER_STATUS.REFUNDING)).changes === 1

export const setDetail = (db: Q, id: number, detail: string) => db.run('UPDATE orders SET detail = ? WHERE id = ?', detail, id)

export const statusOf = async (db: Q, id: number) => ((await db.get('SELECT status FROM orders WHERE id = ?', id)) as { status: number }).status

export const titleOf = async (db: Q, id: number) => ((await db.get('SELECT title FROM orders WHERE id = ?', id)) as { title: string }).title

/** Cheap check (index orders_unpaid_expiry) before the sweep takes the write lock. */
export const anyExpiredUnpaid = async (db: Q, now: number): Promise<boolean> => !!(await db.get('SELECT 1 AS one FROM orders WHERE status = ? AND expire_at <= ? LIMIT 1', ORDER_STATUS.UNPAID, now))

export const expiredUnpaid = async (db: Q, now: number) => (await db.all('SELECT * FROM orders WHERE status = ? AND expire_at <= ?', ORDER_STATUS.UNPAID, now)) as OrderRow[]

export const unpaidOf = async (db: Q, userId: number) => (await db.all('SELECT * FROM orders WHERE user_id = ? AND status = ?', userId, ORDER_STATUS.UNPAID)) as OrderRow[]

/** The shopper's unpaid mall orders (a mall spec) not past their time, newest first. */
export const unpaidMallOf = async (db: Q, userId: number, now: number) =>
  (await db.all("SELECT * FROM orders WHERE user_id = ? AND status = ? AND kind = 'product' AND spec_id IS NOT NULL AND expire_at > ? ORDER BY id DESC", userId, ORDER_STATUS.UNPAID, now)) as OrderRow[]

/** The shopper's orders in any of these statuses. */
export const countInStatuses = async (db: Q, userId: number, statuses: readonly number[]): Promise<number> =>
  ((await db.get(`SELECT COUNT(*) AS n FROM orders WHERE user_id = ? AND status IN (${placeholders(statuses)})`, userId, ...statuses)) as { n: number }).n

/** Every order of the shopper with its stored detail (account deletion erases what in it is personal). */
export const detailsOf = async (db: Q, userId: number) => (await db.all('SELECT id, kind, detail FROM orders WHERE user_id = ?', userId)) as Array<{ id: number; kind: OrderRow['kind']; detail: string }>

/**
 * The shopper's orders that stop their account from being deleted, newest first: money or goods on the move
 * (`inProgress`: accepted, delivering, refunding), a paid product order still to be collected or shipped, and a
 * paid takeout paid since `takeoutPaidSince` (business wall time; takeout has no delivery step of its own yet).
 */
export const blockingDeletion = async (db: Q, userId: number, inProgress: readonly number[], takeoutPaidSince: string) =>
  (await db.all(`SELECT * FROM orders WHERE user_id = ? AND (status IN (${placeholders(inProgress)})
     OR (status = ? AND (kind = 'product' OR (kind = 'takeout' AND pay_time >= ?)))) ORDER BY id DESC`, userId, ...inProgress, ORDER_STATUS.PAID, takeoutPaidSince)) as OrderRow[]

/**
 * Account deletion: the shopper's own words on their orders go (a refund request's reason, on the order and on
 * its trail, its detail and photos; a rating's words); the store's answers stay.
 */
export async function eraseShopperWords(db: Q, userId: number): Promise<void> {
  await db.run('UPDATE orders SET refund_reason = NULL WHERE user_id = ? AND refund_reason IS NOT NULL', userId)
  await db.run("UPDATE order_actions SET reason = NULL WHERE by_user_id = ? AND action = 'refund_requested' AND reason IS NOT NULL", userId)
  // Issue 39: a refund request's detail and photos, and the words of their takeout ratings (the stars stay with the order).
  await db.run("UPDATE refund_details SET detail = NULL, photos = '[]' WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?)", userId)
  await db.run('UPDATE takeout_ratings SET words = NULL WHERE user_id = ? AND words IS NOT NULL', userId)
}

/**
 * Account deletion: orders let go of the shopper's coupons that were never used (a cancelled or refunded order's,
 * given back), so those coupons can be deleted; a used coupon stays with its order (its amount is on the order).
 */
export const detachUnusedCoupons = (db: Q, userId: number) =>
  db.run("UPDATE orders SET user_coupon_id = NULL WHERE user_id = ? AND user_coupon_id IN (SELECT id FROM user_coupons WHERE user_id = ? AND status != 'used')", userId, userId)

/** One page of the shopper's orders, newest first: every status when `statuses` is null, every kind when `kind` is not given. */
export async function page(db: Q, userId: number, filter: { statuses: readonly number[] | null; kind?: string; now: number }, limit: number, offset: number): Promise<{ rows: OrderRow[]; total: number }> {
  const where = ['user_id = ?']
  const args: Array<string | number> = [userId]
  if (filter.statuses) {
    where.push(`status IN (${placeholders(filter.statuses)})`)
    args.push(...filter.statuses)
    // An unpaid order past its time reads as cancelled (server/domain/orders.ts shownStatus): not in the "to pay" tab.
    if (filter.statuses.includes(ORDER_STATUS.UNPAID)) {
      where.push('NOT (status = ? AND expire_at <= ?)')
      args.push(ORDER_STATUS.UNPAID, filter.now)
    }
  }
  if (filter.kind) {
    where.push('kind = ?')
    args.push(filter.kind)
  }
  const total = ((await db.get(`SELECT COUNT(*) AS n FROM orders WHERE ${where.join(' AND ')}`, ...args)) as { n: number }).n
  const rows = (await db.all(`SELECT * FROM orders WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ? OFFSET ?`, ...args, limit, offset)) as OrderRow[]
  return { rows, total }
}

/** How many of a flash-sale product the shopper holds (orders not cancelled or refunded). */
export const flashBought = async (db: Q, userId: number, productId: number): Promise<number> =>
  (
    (await db.get('SELECT CAST(COALESCE(SUM(quantity), 0) AS bigint) AS n FROM orders WHERE user_id = ? AND kind = ? AND ref_id = ? AND spec_id IS NULL AND status NOT IN (?, ?)', userId, 'product', productId, ORDER_STATUS.CANCELLED, ORDER_STATUS.REFUNDED)) as { n: number }
  ).n

/** The latest paid-or-later buyers of a flash-sale product (not cancelled), for the "who bought" log. */
export const flashBuyers = async (db: Q, productId: number, limit: number) =>
  (await db.all('SELECT u.nickname, o.quantity, o.create_time FROM orders o JOIN users u ON u.id = o.user_id WHERE o.kind = ? AND o.ref_id = ? AND o.spec_id IS NULL AND o.status >= ? AND o.status <> ? ORDER BY o.id DESC LIMIT ?', 'product', productId, ORDER_STATUS.PAID, ORDER_STATUS.CANCELLED, limit)) as Array<{ nickname: string; quantity: number; create_time: string }>
