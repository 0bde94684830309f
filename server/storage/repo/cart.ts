import type { Q } from '../query'
import { placeholders } from '../db'

/** A cart line joined with its product, spec and store as they are now. */
export interface CartLineRow {
  id: number
  product_id: number
  spec_id: number
  quantity: number
  added_at: number
  /** 1 ticked for checkout, 0 not. */
  checked: number
  name: string
  image: string
  limit_per_order: number
  pickup: number
  shipping_fee: number
  on_sale: number
  spec_name: string
  price: number
  member_price: number
  stock: number
  shop_id: number
  shop_name: string
  shop_address: string
}

/** The shopper's lines, newest first (ownership is part of the query). */
export const linesOf = async (db: Q, userId: number) =>
  (await db.all(`SELECT c.id, c.product_id, c.spec_id, c.quantity, c.added_at, c.checked, p.name, p.image, p.limit_per_order, p.pickup, p.shipping_fee, p.on_sale,
       s.name AS spec_name, s.price, s.member_price, s.stock, p.shop_id, sh.name AS shop_name, sh.address AS shop_address
     FROM cart_lines c JOIN mall_products p ON p.id = c.product_id JOIN mall_specs s ON s.id = c.spec_id JOIN shops sh ON sh.id = p.shop_id
     WHERE c.user_id = ? ORDER BY c.added_at DESC, c.id DESC`, userId)) as CartLineRow[]

/** Pieces in the shopper's cart (every line's quantity; what cartOf counts). */
export const pieceCount = async (db: Q, userId: number) => ((await db.get('SELECT COALESCE(SUM(quantity), 0) AS n FROM cart_lines WHERE user_id = ?', userId)) as { n: number }).n

export const lineCount = async (db: Q, userId: number) => ((await db.get('SELECT COUNT(*) AS n FROM cart_lines WHERE user_id = ?', userId)) as { n: number }).n

export const lineOfSpec = async (db: Q, userId: number, specId: number) =>
  (await db.get('SELECT id, quantity FROM cart_lines WHERE user_id = ? AND spec_id = ?', userId, specId)) as { id: number; quantity: number } | undefined

/** One of the shopper's own lines (another shopper's id is not found). */
export const ownLine = async (db: Q, userId: number, id: number) =>
  (await db.get('SELECT id, product_id, spec_id, quantity FROM cart_lines WHERE id = ? AND user_id = ?', id, userId)) as { id: number; product_id: number; spec_id: number; quantity: number } | undefined

/**
 * A new line, or the spec's line with `quantity` more — never more than `cap` (one statement: two adds at once both
 * count). Either way the line is ticked (a line arrives ticked, issue 39).
 */
export async function addToLine(db: Q, userId: number, productId: number, specId: number, quantity: number, cap: number, now: number): Promise<void> {
  // The smaller of two values as a CASE: SQLite's two-argument MIN() is not PostgreSQL's (issue 28).
  await db.run(`INSERT INTO cart_lines (user_id, product_id, spec_id, quantity, added_at, checked) VALUES (?, ?, ?, ?, ?, 1)
     ON CONFLICT (user_id, spec_id) DO UPDATE SET
       quantity = CASE WHEN cart_lines.quantity + excluded.quantity < ? THEN cart_lines.quantity + excluded.quantity ELSE ? END, added_at = excluded.added_at, checked = 1`,
    userId, productId, specId, Math.min(quantity, cap), now, cap, cap)
}

/** The stores of the shopper's own lines among `ids` (others' ids are ignored). */
export const storesOfLines = async (db: Q, userId: number, ids: readonly number[]): Promise<number[]> =>
  ((await db.all(`SELECT DISTINCT p.shop_id FROM cart_lines c JOIN mall_products p ON p.id = c.product_id WHERE c.user_id = ? AND c.id IN (${placeholders(ids)})`, userId, ...ids)) as Array<{ shop_id: number }>).map((r) => r.shop_id)

/** Tick or untick the shopper's own lines among `ids`. */
export const setChecked = (db: Q, userId: number, ids: readonly number[], checked: boolean) =>
  db.run(`UPDATE cart_lines SET checked = ? WHERE user_id = ? AND id IN (${placeholders(ids)})`, checked ? 1 : 0, userId, ...ids)

/** Untick the shopper's lines of every store but this one (the ticks stay within one store). */
export const uncheckOtherStores = (db: Q, userId: number, storeId: number) =>
  db.run('UPDATE cart_lines SET checked = 0 WHERE user_id = ? AND checked = 1 AND product_id IN (SELECT id FROM mall_products WHERE shop_id <> ?)', userId, storeId)

export const setQuantity = async (db: Q, userId: number, id: number, quantity: number): Promise<boolean> =>
  (await db.run('UPDATE cart_lines SET quantity = ? WHERE id = ? AND user_id = ?', quantity, id, userId)).changes === 1

/** Removes the shopper's own lines among `ids` (others' ids are ignored); how many went. */
export const removeLines = async (db: Q, userId: number, ids: readonly number[]): Promise<number> =>
  (await db.run(`DELETE FROM cart_lines WHERE user_id = ? AND id IN (${placeholders(ids)})`, userId, ...ids)).changes

/** The lines of these specs leave the shopper's cart (an order of them was created). */
export const removeSpecs = async (db: Q, userId: number, specIds: readonly number[]): Promise<number> =>
  specIds.length === 0 ? 0 : (await db.run(`DELETE FROM cart_lines WHERE user_id = ? AND spec_id IN (${placeholders(specIds)})`, userId, ...specIds)).changes

/** Account deletion: the cart goes. */
export const clearOf = (db: Q, userId: number) => db.run('DELETE FROM cart_lines WHERE user_id = ?', userId)
