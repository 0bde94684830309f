import { lockRow, type Param, type Q } from '../query'

/**
 * The console's reads and writes of the micro mall (issue 45, server/domain/console/mall.ts): categories with their
 * order and whether shoppers see them, products as stored (off-sale ones too), specs with what is sold or held
 * (total_stock − stock: an unpaid order holds its pieces until it is cancelled). The shoppers' reads are ./mall.ts.
 */

export interface CategoryStored {
  id: number
  name: string
  icon: string
  sort: number
  hidden: number
  products: number
}

export interface ProductStored {
  id: number
  category_id: number
  shop_id: number
  name: string
  subtitle: string
  image: string
  images: string
  description: string
  list_price: number
  limit_per_order: number
  pickup: number
  shipping_fee: number
  on_sale: number
  sort: number
}

export interface SpecStored {
  id: number
  product_id: number
  name: string
  price: number
  member_price: number
  stock: number
  total_stock: number
  sort: number
}

const CATEGORY = 'SELECT c.id, c.name, c.icon, c.sort, c.hidden, (SELECT COUNT(*) FROM mall_products p WHERE p.category_id = c.id) AS products FROM mall_categories c'

export const allCategories = (db: Q) => db.all<CategoryStored>(`${CATEGORY} ORDER BY c.sort, c.id`)

export const category = (db: Q, id: number) => db.get<CategoryStored>(`${CATEGORY} WHERE c.id = ?`, id)

/** A new category goes last. */
export const insertCategory = (db: Q, name: string, icon: string) =>
  db.insert('INSERT INTO mall_categories (name, icon, sort, hidden) VALUES (?, ?, (SELECT COALESCE(MAX(sort), -1) + 1 FROM mall_categories), 0)', name, icon)

export const updateCategory = (db: Q, id: number, name: string, icon: string) => db.run('UPDATE mall_categories SET name = ?, icon = ? WHERE id = ?', name, icon, id)

export const setCategorySort = (db: Q, id: number, sort: number) => db.run('UPDATE mall_categories SET sort = ? WHERE id = ?', sort, id)

export const setCategoryHidden = (db: Q, id: number, hidden: boolean) => db.run('UPDATE mall_categories SET hidden = ? WHERE id = ?', hidden ? 1 : 0, id)

const PRODUCT = 'SELECT id, category_id, shop_id, name, subtitle, image, images, description, list_price, limit_per_order, pickup, shipping_fee, on_sale, sort FROM mall_products'

export const product = (db: Q, id: number) => db.get<ProductStored>(`${PRODUCT} WHERE id = ?`, id)

/** One page of products, off-sale ones too: of a category and/or with a name containing `like` (a LIKE pattern, ESCAPE '\'). */
export async function productPage(db: Q, filter: { categoryId?: number; like?: string }, limit: number, offset: number): Promise<{ rows: ProductStored[]; total: number }> {
  const where: string[] = []
  const args: Param[] = []
  if (filter.categoryId !== undefined) {
    where.push('category_id = ?')
    args.push(filter.categoryId)
  }
  if (filter.like !== undefined) {
    where.push("LOWER(name) LIKE LOWER(?) ESCAPE '\\'")
    args.push(filter.like)
  }
  const cond = where.length ? ` WHERE ${where.join(' AND ')}` : ''
  const total = Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM mall_products${cond}`, ...args))?.n ?? 0)
  const rows = await db.all<ProductStored>(`${PRODUCT}${cond} ORDER BY sort, id LIMIT ? OFFSET ?`, ...args, limit, offset)
  return { rows, total }
}

export type ProductFields = Omit<ProductStored, 'id' | 'on_sale' | 'sort'>

/** A new product: off sale (it has no spec yet), last in its lists. */
export const insertProduct = (db: Q, p: ProductFields) =>
  db.insert(
    `INSERT INTO mall_products (category_id, shop_id, name, subtitle, image, images, description, list_price, limit_per_order, pickup, shipping_fee, on_sale, sort)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, (SELECT COALESCE(MAX(sort), 0) + 1 FROM mall_products))`,
    p.category_id,
    p.shop_id,
    p.name,
    p.subtitle,
    p.image,
    p.images,
    p.description,
    p.list_price,
    p.limit_per_order,
    p.pickup,
    p.shipping_fee,
  )

export const updateProduct = (db: Q, id: number, p: ProductFields) =>
  db.run(
    `UPDATE mall_products SET category_id = ?, shop_id = ?, name = ?, subtitle = ?, image = ?, images = ?, description = ?, list_price = ?, limit_per_order = ?,
       pickup = ?, shipping_fee = ? WHERE id = ?`,
    p.category_id,
    p.shop_id,
    p.name,
    p.subtitle,
    p.image,
    p.images,
    p.description,
    p.list_price,
    p.limit_per_order,
    p.pickup,
    p.shipping_fee,
    id,
  )

export const setOnSale = (db: Q, id: number, onSale: boolean) => db.run('UPDATE mall_products SET on_sale = ? WHERE id = ?', onSale ? 1 : 0, id)

const SPEC = 'SELECT id, product_id, name, price, member_price, stock, total_stock, sort FROM mall_specs'

export const specsOf = (db: Q, productIds: readonly number[]) =>
  productIds.length === 0 ? Promise.resolve([] as SpecStored[]) : db.all<SpecStored>(`${SPEC} WHERE product_id IN (${productIds.map(() => '?').join(', ')}) ORDER BY product_id, sort, id`, ...productIds)

export const spec = (db: Q, id: number) => db.get<SpecStored>(`${SPEC} WHERE id = ?`, id)

/**
 * Holds a spec's row until the transaction ends: the lock a shopper's purchase takes on it (its stock update,
 * repo/mall.ts takeSpecStock), so a purchase and this change run one after the other, neither lost. SQLite: the
 * transaction holds the file's write lock already.
 */
export const lockSpec = (db: Q, id: number) => lockRow(db, 'mall_specs', id)

/** A new spec, last of its product's: all its stock left. */
export const insertSpec = (db: Q, s: { product_id: number; name: string; price: number; member_price: number; total_stock: number }) =>
  db.insert(
    'INSERT INTO mall_specs (product_id, name, price, member_price, stock, total_stock, sort) VALUES (?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(sort), -1) + 1 FROM mall_specs WHERE product_id = ?))',
    s.product_id,
    s.name,
    s.price,
    s.member_price,
    s.total_stock,
    s.total_stock,
    s.product_id,
  )

/**
 * Change a spec. The new total keeps what is sold or held: the stock left becomes total − (old total − old stock), read
 * in the same statement as the check — 0 changes when the new total is below what is sold or held.
 */
export const updateSpec = async (db: Q, id: number, s: { name: string; price: number; member_price: number; total_stock: number }): Promise<boolean> =>
  (
    await db.run(
      'UPDATE mall_specs SET name = ?, price = ?, member_price = ?, stock = stock + (? - total_stock), total_stock = ? WHERE id = ? AND total_stock - stock <= ?',
      s.name,
      s.price,
      s.member_price,
      s.total_stock,
      s.total_stock,
      id,
      s.total_stock,
    )
  ).changes === 1

/** The stores a product can ship from (not fuel stations), by id. */
export const stores = (db: Q) => db.all<{ id: number; name: string }>('SELECT id, name FROM shops WHERE is_oil = 0 ORDER BY id')

export const storeExists = async (db: Q, id: number) => (await db.get('SELECT id FROM shops WHERE id = ? AND is_oil = 0', id)) !== undefined

// ——— Specials and the gallery ———

export interface SpecialStored {
  id: number
  title: string
  subtitle: string
  banner: string
  sort: number
  withdrawn_at: number | null
}

export interface SlideStored {
  id: number
  image: string
  title: string
  subtitle: string
  link_type: 'product' | 'special'
  link_id: number
  sort: number
  withdrawn_at: number | null
}

export const allSpecials = (db: Q) => db.all<SpecialStored>('SELECT id, title, subtitle, banner, sort, withdrawn_at FROM mall_specials ORDER BY sort, id')

export const special = (db: Q, id: number) => db.get<SpecialStored>('SELECT id, title, subtitle, banner, sort, withdrawn_at FROM mall_specials WHERE id = ?', id)

/** Every special's products, in each special's order. */
export const specialProducts = (db: Q) => db.all<{ special_id: number; product_id: number }>('SELECT special_id, product_id FROM mall_special_products ORDER BY special_id, sort, product_id')

export const insertSpecial = (db: Q, s: { title: string; subtitle: string; banner: string }) =>
  db.insert('INSERT INTO mall_specials (title, subtitle, banner, sort) VALUES (?, ?, ?, (SELECT COALESCE(MAX(sort), -1) + 1 FROM mall_specials))', s.title, s.subtitle, s.banner)

export const updateSpecial = (db: Q, id: number, s: { title: string; subtitle: string; banner: string }) => db.run('UPDATE mall_specials SET title = ?, subtitle = ?, banner = ? WHERE id = ?', s.title, s.subtitle, s.banner, id)

/** A special's products become `productIds`, in that order. */
export async function setSpecialProducts(db: Q, specialId: number, productIds: readonly number[]): Promise<void> {
  await db.run('DELETE FROM mall_special_products WHERE special_id = ?', specialId)
  for (const [i, productId] of productIds.entries()) await db.run('INSERT INTO mall_special_products (special_id, product_id, sort) VALUES (?, ?, ?)', specialId, productId, i)
}

export const setSpecialWithdrawn = (db: Q, id: number, at: number | null) => db.run('UPDATE mall_specials SET withdrawn_at = ? WHERE id = ?', at, id)

export const productsExisting = async (db: Q, ids: readonly number[]) =>
  ids.length === 0 ? 0 : Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM mall_products WHERE id IN (${ids.map(() => '?').join(', ')})`, ...ids))?.n ?? 0)

const SLIDE = 'SELECT id, image, title, subtitle, link_type, link_id, sort, withdrawn_at FROM mall_gallery'

export const allSlides = (db: Q) => db.all<SlideStored>(`${SLIDE} ORDER BY sort, id`)

export const slide = (db: Q, id: number) => db.get<SlideStored>(`${SLIDE} WHERE id = ?`, id)

type SlideFields = Pick<SlideStored, 'image' | 'title' | 'subtitle' | 'link_type' | 'link_id'>

export const insertSlide = (db: Q, s: SlideFields) =>
  db.insert('INSERT INTO mall_gallery (image, title, subtitle, link_type, link_id, sort) VALUES (?, ?, ?, ?, ?, (SELECT COALESCE(MAX(sort), -1) + 1 FROM mall_gallery))', s.image, s.title, s.subtitle, s.link_type, s.link_id)

export const updateSlide = (db: Q, id: number, s: SlideFields) => db.run('UPDATE mall_gallery SET image = ?, title = ?, subtitle = ?, link_type = ?, link_id = ? WHERE id = ?', s.image, s.title, s.subtitle, s.link_type, s.link_id, id)

export const setSlideSort = (db: Q, id: number, sort: number) => db.run('UPDATE mall_gallery SET sort = ? WHERE id = ?', sort, id)

export const setSlideWithdrawn = (db: Q, id: number, at: number | null) => db.run('UPDATE mall_gallery SET withdrawn_at = ? WHERE id = ?', at, id)
