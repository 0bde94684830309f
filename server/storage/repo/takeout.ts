import type { Q } from '../query'
import { ORDER_STATUS } from '../../../src/contract/constants'
import { placeholders } from '../db'
import { searchTerm } from '../../../src/contract/searchWords'
import { englishNameLike, englishWordPattern, likePattern } from './shops'

/** A restaurant as takeout reads it: the shop's row and its takeout settings (server/domain/takeout/pricing.ts parses them). */
export interface TakeoutShopRow {
  id: number
  name: string
  image: string
  city_id: number
  address: string
  phone: string
  intro: string
  rating: number
  lat: number
  lng: number
  category_id: number
  hours: string
  radius_m: number
  fee_tiers: string
  packing_fee: number
  min_order: number
  pickup: number
  prep_minutes: number
  monthly_sales: number
  paused: number
}

const SHOP = `SELECT s.id, s.name, s.image, s.city_id, s.address, s.phone, s.intro, s.rating, s.lat, s.lng,
  t.category_id, t.hours, t.radius_m, t.fee_tiers, t.packing_fee, t.min_order, t.pickup, t.prep_minutes, t.monthly_sales, t.paused
  FROM takeout_shops t JOIN shops s ON s.id = t.shop_id`

export const categories = async (db: Q) => (await db.all('SELECT id, name, name_en, icon FROM takeout_categories ORDER BY sort, id')) as Array<{ id: number; name: string; name_en: string; icon: string }>

export const shopById = async (db: Q, id: number) => (await db.get(`${SHOP} WHERE s.id = ?`, id)) as TakeoutShopRow | undefined

/**
 * Every restaurant matching the filters (a handful per city: the list is sorted and paged in memory after distances
 * and open states are worked out). `keyword`: the shop's name or one of its dishes' names holds it.
 */
export async function shopsWhere(db: Q, filter: { category_id?: number; city_id?: number; keyword?: string }): Promise<TakeoutShopRow[]> {
  // A shop whose menu has no dish yet (a new shop setting up: issue 44) is not listed.
  const where = ['EXISTS (SELECT 1 FROM dishes m WHERE m.shop_id = s.id AND m.removed = 0)']
  const args: Array<string | number> = []
  if (filter.category_id) {
    where.push('t.category_id = ?')
    args.push(filter.category_id)
  }
  if (filter.city_id) {
    where.push('s.city_id = ?')
    args.push(filter.city_id)
  }
  if (filter.keyword) {
    where.push(`(LOWER(s.name) LIKE LOWER(?) ESCAPE '\\' OR EXISTS (SELECT 1 FROM dishes d WHERE d.shop_id = s.id AND d.removed = 0 AND (LOWER(d.name) LIKE LOWER(?) ESCAPE '\\' OR ${englishNameLike('d.name_en')})))`)
    // An English word of src/contract/searchWords.ts is looked for as the Chinese it stands for (issue 25 search); any
    // English word in a dish's English name (issue 39). A dish taken off the menu (issue 44) finds nothing.
    args.push(likePattern(searchTerm(filter.keyword)), likePattern(searchTerm(filter.keyword)), englishWordPattern(filter.keyword))
  }
  return (await db.all(`${SHOP} WHERE ${where.join(' AND ')} ORDER BY s.id`, ...args)) as TakeoutShopRow[]
}

export interface DishRow {
  id: number
  shop_id: number
  category: string
  name: string
  description: string
  image: string
  price: number
  sold_out: number
  monthly_sales: number
  /** Per piece, on top of the shop's packing fee per order (issue 44). */
  packing_fee: number
  /** Pieces a business day; null: unlimited (issue 44: server/storage/repo/menu.ts takeDishStock). */
  daily_stock: number | null
}
const DISH = 'SELECT id, shop_id, category, name, description, image, price, sold_out, monthly_sales, packing_fee, daily_stock FROM dishes'

/** The menu's dishes (a removed one is not: issue 44), in its categories' order, then their own. */
export const dishesOf = async (db: Q, shopId: number) =>
  (await db.all(
    `SELECT d.id, d.shop_id, d.category, d.name, d.description, d.image, d.price, d.sold_out, d.monthly_sales, d.packing_fee, d.daily_stock
       FROM dishes d LEFT JOIN dish_categories c ON c.id = d.category_id WHERE d.shop_id = ? AND d.removed = 0 ORDER BY COALESCE(c.sort, 0), c.id, d.sort, d.id`,
    shopId,
  )) as DishRow[]

/** A dish of this shop's menu (another shop's dish, or one taken off the menu, is not found). */
export const dishOf = async (db: Q, shopId: number, dishId: number) => (await db.get(`${DISH} WHERE id = ? AND shop_id = ? AND removed = 0`, dishId, shopId)) as DishRow | undefined

export const matchingDishes = async (db: Q, shopId: number, keyword: string, limit: number) =>
  (await db.all(`${DISH} WHERE shop_id = ? AND removed = 0 AND (LOWER(name) LIKE LOWER(?) ESCAPE '\\' OR ${englishNameLike('name_en')}) ORDER BY sort, id LIMIT ?`, shopId, likePattern(searchTerm(keyword)), englishWordPattern(keyword), limit)) as DishRow[]

export interface OptionRow {
  group_id: number
  group_name: string
  required: number
  max_choices: number
  dish_id: number
  option_id: number
  option_name: string
  price: number
}

/** The option groups and options of these dishes, in order (removed ones are not: issue 44). */
export async function optionsOf(db: Q, dishIds: readonly number[]): Promise<OptionRow[]> {
  if (dishIds.length === 0) return []
  return (await db.all(`SELECT g.id AS group_id, g.name AS group_name, g.required, g.max_choices, g.dish_id, o.id AS option_id, o.name AS option_name, o.price
     FROM dish_option_groups g JOIN dish_options o ON o.group_id = g.id
     WHERE g.dish_id IN (${placeholders(dishIds)}) AND g.removed = 0 AND o.removed = 0 ORDER BY g.dish_id, g.sort, g.id, o.sort, o.id`, ...dishIds)) as OptionRow[]
}

export const setSoldOut = async (db: Q, shopId: number, dishId: number, soldOut: boolean) =>
  (await db.run('UPDATE dishes SET sold_out = ? WHERE id = ? AND shop_id = ? AND removed = 0', soldOut ? 1 : 0, dishId, shopId)).changes === 1

export const setPaused = (db: Q, shopId: number, paused: boolean) => db.run('UPDATE takeout_shops SET paused = ? WHERE shop_id = ?', paused ? 1 : 0, shopId)

// A takeout order's own state ----------------------------------------------------------------------------------

export interface TakeoutOrderRow {
  order_id: number
  shop_id: number
  mode: 'delivery' | 'pickup'
  scheduled_for: string | null
  promised_at: string
  opens_at: number | null
  accept_from: number | null
  pickup_no: string | null
  rider_name: string | null
  rider_phone: string | null
  ready_at: string | null
  dispatched_at: number | null
  updated_at: number
}

export const insertTakeoutOrder = (db: Q, r: Pick<TakeoutOrderRow, 'order_id' | 'shop_id' | 'mode' | 'scheduled_for' | 'promised_at' | 'opens_at' | 'updated_at'>) =>
  db.run('INSERT INTO takeout_orders (order_id, shop_id, mode, scheduled_for, promised_at, opens_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)', r.order_id, r.shop_id, r.mode, r.scheduled_for, r.promised_at, r.opens_at, r.updated_at)

/**
 * The shopper's unpaid takeout orders at a shop, not yet past their payment time, newest first (issue 39: the same cart
 * is not ordered twice while one waits — server/domain/takeout/unpaid.ts). Their request hash and lines (detail).
 */
export const unpaidAtShop = async (db: Q, userId: number, shopId: number, now: number) =>
  (await db.all(
    `SELECT o.id, o.request_hash, o.detail, o.pay_amount FROM orders o JOIN takeout_orders t ON t.order_id = o.id
      WHERE o.user_id = ? AND t.shop_id = ? AND o.kind = 'takeout' AND o.status = ? AND o.expire_at > ? ORDER BY o.id DESC`,
    userId,
    shopId,
    ORDER_STATUS.UNPAID,
    now,
  )) as Array<{ id: number; request_hash: string | null; detail: string; pay_amount: number }>

export const takeoutOrderOf = async (db: Q, orderId: number) => (await db.get('SELECT * FROM takeout_orders WHERE order_id = ?', orderId)) as TakeoutOrderRow | undefined

/** Paid: the acceptance timer counts from now, or from a pre-order's opening when that is later. */
export const startAcceptTimer = (db: Q, orderId: number, paidAt: number) =>
  db.run('UPDATE takeout_orders SET accept_from = CASE WHEN COALESCE(opens_at, 0) > ? THEN opens_at ELSE ? END, updated_at = ? WHERE order_id = ?', paidAt, paidAt, paidAt, orderId)

/** Every move: the time a change feed compares; leaving 10 stops the acceptance timer. */
export const touch = (db: Q, orderId: number, at: number) => db.run('UPDATE takeout_orders SET accept_from = NULL, updated_at = ? WHERE order_id = ?', at, orderId)

/**
 * The store's number for an accepted order ("A001", read aloud at the counter): the shop's orders accepted since the
 * business day began, this one included — its accept is recorded in the same transaction just before (server/domain/
 * takeout/takeout.ts acceptTakeout), which is serializable, so two accepts of one shop never count the same. Unique per
 * shop and business day (issue 42): counted by the orders' pay_time before, a pre-order paid the day before and accepted
 * today was left out of the count and its number given again.
 */
export async function givePickupNo(db: Q, orderId: number, shopId: number, dayStart: string, at: number): Promise<string> {
  const n = Number(
    (
      (await db.get(
        "SELECT COUNT(*) AS n FROM takeout_orders t JOIN order_actions a ON a.order_id = t.order_id AND a.action = 'takeout_accepted' WHERE t.shop_id = ? AND a.at >= ?",
        shopId,
        dayStart,
      )) as { n: number | string }
    ).n,
  )
  const no = `A${String(n).padStart(3, '0')}`
  await db.run('UPDATE takeout_orders SET pickup_no = ?, updated_at = ? WHERE order_id = ?', no, at, orderId)
  return no
}

export const setRider = (db: Q, orderId: number, name: string, phone: string, at: number) =>
  db.run('UPDATE takeout_orders SET rider_name = ?, rider_phone = ?, dispatched_at = ?, updated_at = ? WHERE order_id = ?', name, phone, at, at, orderId)

/** Ready for pickup, once: false when it was marked ready already. */
export const setReady = async (db: Q, orderId: number, atText: string, at: number): Promise<boolean> =>
  (await db.run('UPDATE takeout_orders SET ready_at = ?, updated_at = ? WHERE order_id = ? AND ready_at IS NULL', atText, at, orderId)).changes === 1

/** Paid takeout orders whose acceptance time ran out (the timer refuses them). */
export const dueForRefusal = async (db: Q, before: number, limit: number) =>
  (
    (await db.all('SELECT t.order_id FROM takeout_orders t JOIN orders o ON o.id = t.order_id WHERE t.accept_from IS NOT NULL AND t.accept_from <= ? AND o.status = ? ORDER BY t.accept_from LIMIT ?', before, ORDER_STATUS.PAID, limit)) as Array<{ order_id: number }>
  ).map((r) => r.order_id)

/** Out for delivery since before `before` and not yet delivered (the timer completes them). */
export const dueForDelivery = async (db: Q, before: number, limit: number) =>
  (
    (await db.all('SELECT t.order_id FROM takeout_orders t JOIN orders o ON o.id = t.order_id WHERE t.dispatched_at IS NOT NULL AND t.dispatched_at <= ? AND o.status = ? LIMIT ?', before, ORDER_STATUS.DELIVERING, limit)) as Array<{ order_id: number }>
  ).map((r) => r.order_id)

/** The takeout order a pickup code names (the store's own only: another store's code is not found). */
export const byPickupCode = async (db: Q, shopId: number, code: string) =>
  (await db.get("SELECT o.id FROM orders o JOIN takeout_orders t ON t.order_id = o.id WHERE o.verify_code = ? AND o.shop_id = ? AND o.kind = 'takeout' AND t.mode = 'pickup' ORDER BY o.id DESC LIMIT 1", code, shopId)) as
    | { id: number }
    | undefined

/** The store's takeout orders, newest first. */
export async function storeTakeoutPage(db: Q, shopId: number, filter: { status?: number; todo?: 'accept' | 'progress' | 'done' }, limit: number, offset: number): Promise<{ ids: number[]; total: number }> {
  const where = ["o.shop_id = ? AND o.kind = 'takeout' AND EXISTS (SELECT 1 FROM takeout_orders t WHERE t.order_id = o.id)"]
  const args: Array<string | number> = [shopId]
  if (filter.status !== undefined) {
    where.push('o.status = ?')
    args.push(filter.status)
  }
  if (filter.todo === 'accept') {
    where.push('o.status = ?')
    args.push(ORDER_STATUS.PAID)
  }
  // The workbench's tabs (issue 25): accepted or out for delivery; finished (delivered, collected, refused or refunded).
  if (filter.todo === 'progress') where.push(`o.status IN (${ORDER_STATUS.ACCEPTED}, ${ORDER_STATUS.DELIVERING})`)
  if (filter.todo === 'done') where.push(`o.status IN (${ORDER_STATUS.COMPLETED}, ${ORDER_STATUS.REFUNDING}, ${ORDER_STATUS.REFUNDED})`)
  const w = where.join(' AND ')
  const total = ((await db.get(`SELECT COUNT(*) AS n FROM orders o WHERE ${w}`, ...args)) as { n: number }).n
  const ids = ((await db.all(`SELECT o.id FROM orders o WHERE ${w} ORDER BY o.id DESC LIMIT ? OFFSET ?`, ...args, limit, offset)) as Array<{ id: number }>).map((r) => r.id)
  return { ids, total }
}

/** The trail of an order's takeout moves and their times (the timeline). */
export const takeoutTrail = async (db: Q, orderId: number) =>
  (await db.all("SELECT id, action, reason, at FROM order_actions WHERE order_id = ? AND action LIKE 'takeout\\_%' ESCAPE '\\' ORDER BY id", orderId)) as Array<{ id: number; action: string; reason: string | null; at: string }>

// Ratings (issue 39): one per order, by its shopper (server/domain/takeout/rating.ts) ------------------------------

export interface TakeoutRatingRow {
  order_id: number
  user_id: number
  shop_id: number
  stars: number
  words: string | null
  created_at: string
}

export const ratingOf = async (db: Q, orderId: number) =>
  (await db.get('SELECT order_id, user_id, shop_id, stars, words, created_at FROM takeout_ratings WHERE order_id = ?', orderId)) as TakeoutRatingRow | undefined

/** The order's rating, once: false when it has one already (the primary key decides a race). */
export const insertRating = async (db: Q, r: TakeoutRatingRow): Promise<boolean> =>
  (await db.run('INSERT INTO takeout_ratings (order_id, user_id, shop_id, stars, words, created_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (order_id) DO NOTHING', r.order_id, r.user_id, r.shop_id, r.stars, r.words, r.created_at)).changes === 1
