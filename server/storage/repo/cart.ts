import { placeholders, sql, type DB } from '../db'

/** A cart line joined with its product, spec and store as they are now. */
export interface CartLineRow {
  id: number
  product_id: number
  spec_id: number
  quantity: number
  added_at: number
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
export const linesOf = (db: DB, userId: number) =>
  sql(
    db,
    `SELECT c.id, c.product_id, c.spec_id, c.quantity, c.added_at, p.name, p.image, p.limit_per_order, p.pickup, p.shipping_fee, p.on_sale,
       s.name AS spec_name, s.price, s.member_price, s.stock, p.shop_id, sh.name AS shop_name, sh.address AS shop_address
     FROM cart_lines c JOIN mall_products p ON p.id = c.product_id JOIN mall_specs s ON s.id = c.spec_id JOIN shops sh ON sh.id = p.shop_id
     WHERE c.user_id = ? ORDER BY c.added_at DESC, c.id DESC`,
  ).all(userId) as CartLineRow[]

export const lineCount = (db: DB, userId: number) => (sql(db, 'SELECT COUNT(*) AS n FROM cart_lines WHERE user_id = ?').get(userId) as { n: number }).n

export const lineOfSpec = (db: DB, userId: number, specId: number) =>
  sql(db, 'SELECT id, quantity FROM cart_lines WHERE user_id = ? AND spec_id = ?').get(userId, specId) as { id: number; quantity: number } | undefined

/** One of the shopper's own lines (another shopper's id is not found). */
export const ownLine = (db: DB, userId: number, id: number) =>
  sql(db, 'SELECT id, product_id, spec_id, quantity FROM cart_lines WHERE id = ? AND user_id = ?').get(id, userId) as { id: number; product_id: number; spec_id: number; quantity: number } | undefined

/** A new line, or the spec's line with `quantity` more — never more than `cap` (one statement: two adds at once both count). */
export function addToLine(db: DB, userId: number, productId: number, specId: number, quantity: number, cap: number, now: number): void {
  sql(
    db,
    `INSERT INTO cart_lines (user_id, product_id, spec_id, quantity, added_at) VALUES (?, ?, ?, MIN(?, ?), ?)
     ON CONFLICT (user_id, spec_id) DO UPDATE SET quantity = MIN(quantity + excluded.quantity, ?), added_at = excluded.added_at`,
  ).run(userId, productId, specId, quantity, cap, now, cap)
}

export const setQuantity = (db: DB, userId: number, id: number, quantity: number): boolean =>
  sql(db, 'UPDATE cart_lines SET quantity = ? WHERE id = ? AND user_id = ?').run(quantity, id, userId).changes === 1

/** Removes the shopper's own lines among `ids` (others' ids are ignored); how many went. */
export const removeLines = (db: DB, userId: number, ids: readonly number[]): number =>
  sql(db, `DELETE FROM cart_lines WHERE user_id = ? AND id IN (${placeholders(ids)})`).run(userId, ...ids).changes

/** The lines of these specs leave the shopper's cart (an order of them was created). */
export const removeSpecs = (db: DB, userId: number, specIds: readonly number[]): number =>
  specIds.length === 0 ? 0 : sql(db, `DELETE FROM cart_lines WHERE user_id = ? AND spec_id IN (${placeholders(specIds)})`).run(userId, ...specIds).changes

/** Account deletion: the cart goes. */
export const clearOf = (db: DB, userId: number) => sql(db, 'DELETE FROM cart_lines WHERE user_id = ?').run(userId)
