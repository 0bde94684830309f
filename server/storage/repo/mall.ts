import type { Param, Q } from '../query'
import { englishNameLike } from './shops'

export interface MallCategoryRow {
  id: number
  name: string
  icon: string
}

/** A product with its specs summed up: the lowest prices, the stock left and the number sold over every spec. */
export interface MallProductRow {
  id: number
  category_id: number
  shop_id: number
  name: string
  /** The merchant's English name (issue 39); null: none. */
  name_en: string | null
  subtitle: string
  image: string
  images: string
  description: string
  list_price: number
  limit_per_order: number
  pickup: number
  shipping_fee: number
  /** 1: on sale · 0: taken off sale (issue 24: the cart shows it greyed; it cannot be ordered). */
  on_sale: number
  price: number
  member_price: number
  stock: number
  sold: number
  shop_name: string
  shop_address: string
}

export interface MallSpecRow {
  id: number
  product_id: number
  name: string
  price: number
  member_price: number
  stock: number
}

/** The categories shoppers see (a hidden one is the console's: issue 45), in the operator's order. */
export const categories = async (db: Q) => (await db.all('SELECT id, name, icon FROM mall_categories WHERE hidden = 0 ORDER BY sort, id')) as MallCategoryRow[]

const SELECT = `SELECT p.*, sh.name AS shop_name, sh.address AS shop_address,
    (SELECT MIN(price) FROM mall_specs WHERE product_id = p.id) AS price,
    (SELECT MIN(member_price) FROM mall_specs WHERE product_id = p.id) AS member_price,
    (SELECT CAST(COALESCE(SUM(stock), 0) AS bigint) FROM mall_specs WHERE product_id = p.id) AS stock,
    (SELECT CAST(COALESCE(SUM(total_stock - stock), 0) AS bigint) FROM mall_specs WHERE product_id = p.id) AS sold
  FROM mall_products p JOIN shops sh ON sh.id = p.shop_id`

export interface ProductFilter {
  categoryId?: number
  specialId?: number
  /** A LIKE pattern on the name (ESCAPE '\'). */
  like?: string
  /** With `like`: or an English name with a word starting so (englishWordPattern, repo/shops.ts). */
  english?: string
}

/**
 * One page of products: of a category, of a special (in the special's order) or by name; every product when none. Only
 * what shoppers may see (issue 45, the console): on sale, with a spec, in a category that is not hidden.
 */
export async function productPage(db: Q, filter: ProductFilter, limit: number, offset: number): Promise<{ rows: MallProductRow[]; total: number }> {
  const where: string[] = ['p.on_sale = 1', 'EXISTS (SELECT 1 FROM mall_specs s WHERE s.product_id = p.id)', 'p.category_id IN (SELECT id FROM mall_categories WHERE hidden = 0)']
  const args: Param[] = []
  let order = 'p.sort, p.id'
  let from = ''
  if (filter.categoryId !== undefined) {
    where.push('p.category_id = ?')
    args.push(filter.categoryId)
  }
  if (filter.specialId !== undefined) {
    from = ' JOIN mall_special_products sp ON sp.product_id = p.id AND sp.special_id = ? AND sp.special_id IN (SELECT id FROM mall_specials WHERE withdrawn_at IS NULL)'
    args.unshift(filter.specialId)
    order = 'sp.sort, p.id'
  }
  if (filter.like !== undefined && filter.english !== undefined) {
    where.push(`(LOWER(p.name) LIKE LOWER(?) ESCAPE '\\' OR ${englishNameLike('p.name_en')})`)
    args.push(filter.like, filter.english)
  } else if (filter.like !== undefined) {
    where.push("LOWER(p.name) LIKE LOWER(?) ESCAPE '\\'")
    args.push(filter.like)
  }
  const cond = where.length ? ` WHERE ${where.join(' AND ')}` : ''
  const total = ((await db.get(`SELECT COUNT(*) AS n FROM mall_products p${from}${cond}`, ...args)) as { n: number }).n
  const rows = (await db.all(`${SELECT.replace('FROM mall_products p', `FROM mall_products p${from}`)}${cond} ORDER BY ${order} LIMIT ? OFFSET ?`, ...args, limit, offset)) as MallProductRow[]
  return { rows, total }
}

/** One product, off sale too (the cart and orders show it so; buying it is refused): none without a spec (no price yet). */
export const product = async (db: Q, id: number) => (await db.get(`${SELECT} WHERE p.id = ? AND EXISTS (SELECT 1 FROM mall_specs s WHERE s.product_id = p.id)`, id)) as MallProductRow | undefined

export const specsOf = async (db: Q, productId: number) => (await db.all('SELECT id, product_id, name, price, member_price, stock FROM mall_specs WHERE product_id = ? ORDER BY sort, id', productId)) as MallSpecRow[]

export const specOf = async (db: Q, productId: number, specId: number) =>
  (await db.get('SELECT id, product_id, name, price, member_price, stock FROM mall_specs WHERE id = ? AND product_id = ?', specId, productId)) as MallSpecRow | undefined

/** The check and the decrement are one statement: false when fewer than `quantity` are left of this spec. */
export const takeSpecStock = async (db: Q, specId: number, quantity: number): Promise<boolean> =>
  (await db.run('UPDATE mall_specs SET stock = stock - ? WHERE id = ? AND stock >= ?', quantity, specId, quantity)).changes === 1

export const returnSpecStock = (db: Q, specId: number, quantity: number) => db.run('UPDATE mall_specs SET stock = stock + ? WHERE id = ?', quantity, specId)

/** A special shoppers may see (a withdrawn one is the console's: issue 45). */
export const special = async (db: Q, id: number) => (await db.get('SELECT id, title, subtitle, banner FROM mall_specials WHERE id = ? AND withdrawn_at IS NULL', id)) as { id: number; title: string; subtitle: string; banner: string } | undefined

/** The slides shoppers see (not withdrawn: issue 45), in the operator's order. */
export const gallery = async (db: Q) =>
  (await db.all('SELECT id, image, title, subtitle, link_type, link_id FROM mall_gallery WHERE withdrawn_at IS NULL ORDER BY sort, id')) as Array<{ id: number; image: string; title: string; subtitle: string; link_type: 'product' | 'special'; link_id: number }>
