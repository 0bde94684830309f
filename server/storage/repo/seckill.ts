import type { Q } from '../query'
import { businessMidnight, fmt, nowMs } from '../../time'

/** A flash-sale product with its session's times today. */
export interface FlashProductRow {
  id: number
  session_id: number
  name: string
  image: string
  price: number
  original_price: number
  stock: number
  total_stock: number
  limit_per_user: number
  rules: string
  start_time: string
  end_time: string
  /** The store it is collected at (null: none set). */
  pickup_shop_id: number | null
  pickup_shop_name: string | null
  pickup_shop_address: string | null
  /** ms when the console took it off sale (null: on sale): shoppers' lists and new orders skip it; its orders still read it. */
  withdrawn_at: number | null
}

export interface FlashSessionRow {
  id: number
  title: string
  start_time: string
  end_time: string
}

type Stored<T> = Omit<T, 'start_time' | 'end_time'> & { start_minute: number; end_minute: number }

/**
 * Sessions are stored as minutes after a business day's midnight and recur daily: today's times, read
 * at `now` (sessions past 1440 minutes fall on the next day).
 */
function onDay<T>(row: Stored<T>, now: number): T {
  const midnight = businessMidnight(now).valueOf()
  const { start_minute, end_minute, ...rest } = row
  return { ...rest, start_time: fmt(midnight + start_minute * 60_000), end_time: fmt(midnight + end_minute * 60_000) } as T
}

const SELECT = `SELECT p.*, s.start_minute, s.end_minute, sh.name AS pickup_shop_name, sh.address AS pickup_shop_address
  FROM seckill_products p JOIN seckill_sessions s ON s.id = p.session_id LEFT JOIN shops sh ON sh.id = p.pickup_shop_id`

export const flashSessions = async (db: Q, now = nowMs()) =>
  ((await db.all('SELECT id, title, start_minute, end_minute FROM seckill_sessions ORDER BY start_minute, id')) as Array<Stored<FlashSessionRow>>).map((r) => onDay<FlashSessionRow>(r, now))

export const flashProduct = async (db: Q, id: number, now = nowMs()) => {
  const row = (await db.get(`${SELECT} WHERE p.id = ?`, id)) as Stored<FlashProductRow> | undefined
  return row && onDay<FlashProductRow>(row, now)
}

export const flashProductExists = async (db: Q, id: number): Promise<boolean> => !!(await db.get('SELECT id FROM seckill_products WHERE id = ?', id))

/** Pricing's view of a product on sale (one the console took off sale is not priced: product_not_found). */
export interface FlashPriceRow {
  id: number
  name: string
  price: number
  original_price: number
  pickup_shop_id: number | null
  /** What create checks, read in the same statement (issue 42: one round trip fewer per buyer of a burst). */
  stock: number
  limit_per_user: number
  /** Today's session times, as FlashProductRow's. */
  start_time: string
  end_time: string
}

/** A product on sale (not taken off by the console) with its session, by id: what pricing and the gate read. */
const ON_SALE = 'FROM seckill_products p JOIN seckill_sessions s ON s.id = p.session_id WHERE p.id = ? AND p.withdrawn_at IS NULL'

export const flashPrice = async (db: Q, id: number, now = nowMs()): Promise<FlashPriceRow | undefined> => {
  const row = (await db.get(`SELECT p.id, p.name, p.price, p.original_price, p.pickup_shop_id, p.stock, p.limit_per_user, s.start_minute, s.end_minute ${ON_SALE}`, id)) as
    | Stored<FlashPriceRow>
    | undefined
  return row && onDay<FlashPriceRow>(row, now)
}

/**
 * What a flash-sale buyer's order would meet first, read in ONE statement (issue 42): the product on sale with its
 * stock, price and today's session, and whether this shopper already has an order of this request id. One statement is
 * one snapshot on either engine (PostgreSQL's READ COMMITTED takes it per statement), so "no order of this id" and "no
 * stock" are true together: an order of the id committed after this read also committed the stock this read saw, so it
 * cannot read 0 left while missing its own twin (server/domain/orders.ts soldOutAtOnce).
 */
export interface FlashGate {
  stock: number
  price: number
  start_time: string
  end_time: string
  /** This shopper's order of this client_request_id, when one is committed. */
  order_id: number | null
}
export const flashGate = async (db: Q, productId: number, userId: number, clientRequestId: string, now = nowMs()): Promise<FlashGate | undefined> => {
  const row = (await db.get(
    `SELECT p.stock, p.price, s.start_minute, s.end_minute,
       (SELECT o.id FROM orders o WHERE o.user_id = ? AND o.client_request_id = ?) AS order_id
     ${ON_SALE}`,
    userId,
    clientRequestId,
    productId,
  )) as Stored<FlashGate> | undefined
  return row && onDay<FlashGate>(row, now)
}

/** One page of a session's products. */
export async function sessionProductPage(db: Q, sessionId: number | undefined, limit: number, offset: number): Promise<{ rows: FlashProductRow[]; total: number }> {
  const total = ((await db.get('SELECT COUNT(*) AS n FROM seckill_products WHERE session_id = ? AND withdrawn_at IS NULL', sessionId)) as { n: number }).n
  const rows = (await db.all(`${SELECT} WHERE p.session_id = ? AND p.withdrawn_at IS NULL ORDER BY p.id LIMIT ? OFFSET ?`, sessionId, limit, offset)) as Array<Stored<FlashProductRow>>
  const now = nowMs()
  return { rows: rows.map((r) => onDay<FlashProductRow>(r, now)), total }
}

/** One page of products of every session whose name matches a LIKE pattern (ESCAPE '\'). */
export async function searchProductPage(db: Q, like: string, limit: number, offset: number): Promise<{ rows: FlashProductRow[]; total: number }> {
  const total = ((await db.get("SELECT COUNT(*) AS n FROM seckill_products WHERE LOWER(name) LIKE LOWER(?) ESCAPE '\\' AND withdrawn_at IS NULL", like)) as { n: number }).n
  const rows = (await db.all(`${SELECT} WHERE LOWER(p.name) LIKE LOWER(?) ESCAPE '\\' AND p.withdrawn_at IS NULL ORDER BY p.id LIMIT ? OFFSET ?`, like, limit, offset)) as Array<Stored<FlashProductRow>>
  const now = nowMs()
  return { rows: rows.map((r) => onDay<FlashProductRow>(r, now)), total }
}

/** The check and the decrement are one statement: false when fewer than `quantity` are left. */
export const takeStock = async (db: Q, id: number, quantity: number): Promise<boolean> => (await db.run('UPDATE seckill_products SET stock = stock - ? WHERE id = ? AND stock >= ?', quantity, id, quantity)).changes === 1

export const returnStock = (db: Q, id: number, quantity: number) => db.run('UPDATE seckill_products SET stock = stock + ? WHERE id = ?', quantity, id)
