import type { Q } from '../query'
import type { FlashProductRow } from './seckill'

/**
 * The console's writes and reads of flash sales (issue 45, server/domain/console/seckill.ts): sessions as stored
 * (minutes after a business day's midnight, recurring daily) and products with what is sold or held (total_stock −
 * stock: an unpaid order holds its pieces until it is cancelled), withdrawn ones too.
 */

export interface SessionStored {
  id: number
  title: string
  start_minute: number
  end_minute: number
}

/** A product as stored: the shopper's row (./seckill.ts) without what a read joins in (its session's times, the shop). */
export type ProductStored = Omit<FlashProductRow, 'start_time' | 'end_time' | 'pickup_shop_name' | 'pickup_shop_address'>

const PRODUCT_COLUMNS = 'id, session_id, name, image, price, original_price, stock, total_stock, limit_per_user, rules, pickup_shop_id, withdrawn_at'

export const allSessions = async (db: Q) => db.all<SessionStored>('SELECT id, title, start_minute, end_minute FROM seckill_sessions ORDER BY start_minute, id')

export const session = async (db: Q, id: number) => db.get<SessionStored>('SELECT id, title, start_minute, end_minute FROM seckill_sessions WHERE id = ?', id)

export const insertSession = (db: Q, s: Omit<SessionStored, 'id'>) => db.insert('INSERT INTO seckill_sessions (title, start_minute, end_minute) VALUES (?, ?, ?)', s.title, s.start_minute, s.end_minute)

export const updateSession = (db: Q, s: SessionStored) => db.run('UPDATE seckill_sessions SET title = ?, start_minute = ?, end_minute = ? WHERE id = ?', s.title, s.start_minute, s.end_minute, s.id)

export const allProducts = async (db: Q) => db.all<ProductStored>(`SELECT ${PRODUCT_COLUMNS} FROM seckill_products ORDER BY session_id, id`)

export const product = async (db: Q, id: number) => db.get<ProductStored>(`SELECT ${PRODUCT_COLUMNS} FROM seckill_products WHERE id = ?`, id)

type ProductFields = Omit<ProductStored, 'id' | 'stock' | 'withdrawn_at'>

export const insertProduct = (db: Q, p: ProductFields) =>
  db.insert(
    'INSERT INTO seckill_products (session_id, name, image, price, original_price, stock, total_stock, limit_per_user, rules, pickup_shop_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    p.session_id,
    p.name,
    p.image,
    p.price,
    p.original_price,
    p.total_stock,
    p.total_stock,
    p.limit_per_user,
    p.rules,
    p.pickup_shop_id,
  )

/**
 * Change a product. The new total keeps what is sold or held: the stock left becomes total − (old total − old stock),
 * in the same statement as the check (a purchase in between cannot make it negative) — 0 changes when the new total
 * is below what is sold or held.
 */
export const updateProduct = async (db: Q, id: number, p: ProductFields): Promise<boolean> =>
  (
    await db.run(
      `UPDATE seckill_products SET session_id = ?, name = ?, image = ?, price = ?, original_price = ?, stock = stock + (? - total_stock), total_stock = ?,
         limit_per_user = ?, rules = ?, pickup_shop_id = ? WHERE id = ? AND total_stock - stock <= ?`,
      p.session_id,
      p.name,
      p.image,
      p.price,
      p.original_price,
      p.total_stock,
      p.total_stock,
      p.limit_per_user,
      p.rules,
      p.pickup_shop_id,
      id,
      p.total_stock,
    )
  ).changes === 1

export const setWithdrawn = (db: Q, id: number, at: number | null) => db.run('UPDATE seckill_products SET withdrawn_at = ? WHERE id = ?', at, id)

/** The shops a product can be collected at (not fuel stations), by id. */
export const pickupShops = async (db: Q) => db.all<{ id: number; name: string }>('SELECT id, name FROM shops WHERE is_oil = 0 ORDER BY id')

export const pickupShopExists = async (db: Q, id: number) => (await db.get('SELECT id FROM shops WHERE id = ? AND is_oil = 0', id)) !== undefined

export const uploadExists = async (db: Q, publicId: string) => (await db.get('SELECT public_id FROM uploads WHERE public_id = ?', publicId)) !== undefined
