import type { Q } from '../../storage/query'
import * as repo from '../../storage/repo/mallConsole'
import type { CategoryStored, ProductStored, SlideStored, SpecialStored, SpecStored } from '../../storage/repo/mallConsole'
import { uploadExists } from '../../storage/repo/seckillConsole'
import { likePattern } from '../../storage/repo/shops'
import type { ConsoleMallCategory, ConsoleMallProduct, ConsoleMallSlide, ConsoleMallSpec, ConsoleMallSpecial, MallProductsAnswer, MallShowcaseAnswer } from '../../../src/contract/console'
import { refuse } from '../refusal'
import { nowMs } from '../../time'

/**
 * The micro mall in the operator's console (issue 45): categories (order, hidden or shown), products with their
 * pictures, prices and description, on sale or not, and each product's specs with price, member price and stock. What
 * shoppers see is read from these rows on every call (server/http/routes/mall.ts; nothing kept to invalidate), so a
 * write shows at once. An order keeps the amounts it was created with (orders' own columns and detail), whatever the
 * product or spec becomes.
 *
 * Stock: the operator states a spec's total; what is left is total − (sold or held), computed in the statement that
 * checks it, with the spec's row locked first — the row a shopper's purchase locks by its own stock update
 * (repo/mall.ts takeSpecStock) — so a purchase and a change at the same moment run one after the other, neither lost.
 */

export const categoryOf = (c: CategoryStored): ConsoleMallCategory => ({
  id: Number(c.id),
  name: c.name,
  icon: c.icon,
  sort: Number(c.sort),
  hidden: Number(c.hidden) === 1,
  products: Number(c.products),
})

export const specOf = (s: SpecStored): ConsoleMallSpec => ({
  id: Number(s.id),
  product_id: Number(s.product_id),
  name: s.name,
  price: Number(s.price),
  member_price: Number(s.member_price),
  total_stock: Number(s.total_stock),
  stock: Number(s.stock),
  sold: Number(s.total_stock) - Number(s.stock),
})

const list = (text: string): string[] => {
  try {
    const v: unknown = JSON.parse(text)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

export const productOf = (p: ProductStored, specs: readonly SpecStored[]): ConsoleMallProduct => ({
  id: Number(p.id),
  category_id: Number(p.category_id),
  shop_id: Number(p.shop_id),
  name: p.name,
  subtitle: p.subtitle,
  images: list(p.images),
  description: list(p.description),
  list_price: Number(p.list_price),
  limit_per_order: Number(p.limit_per_order),
  pickup: Number(p.pickup) === 1,
  shipping_fee: Number(p.shipping_fee),
  on_sale: Number(p.on_sale) === 1,
  specs: specs.filter((s) => Number(s.product_id) === Number(p.id)).map(specOf),
})

/** A product with its specs as the console shows it (after a write: the audit's before and after). */
export async function productWithSpecs(db: Q, id: number): Promise<ConsoleMallProduct | null> {
  const p = await repo.product(db, id)
  return p ? productOf(p, await repo.specsOf(db, [Number(p.id)])) : null
}

// ——— Categories ———

export const categoryList = async (db: Q) => ({ list: (await repo.allCategories(db)).map(categoryOf) })

export async function saveCategory(db: Q, id: number | undefined, name: string, icon: string): Promise<{ before: ConsoleMallCategory | null; after: ConsoleMallCategory }> {
  await pictureExists(db, icon)
  if (id === undefined) {
    const newId = await repo.insertCategory(db, name, icon)
    return { before: null, after: categoryOf((await repo.category(db, newId)) as CategoryStored) }
  }
  const before = await repo.category(db, id)
  if (!before) throw refuse('console_category_not_found')
  await repo.updateCategory(db, id, name, icon)
  return { before: categoryOf(before), after: categoryOf((await repo.category(db, id)) as CategoryStored) }
}

/** The categories in the order given: every category's id exactly once (a list made before another was added is refused). */
export async function orderCategories(db: Q, ids: readonly number[]): Promise<{ before: number[]; after: number[] }> {
  const before = (await repo.allCategories(db)).map((c) => Number(c.id))
  const known = new Set(before)
  if (ids.length !== before.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) throw refuse('console_category_order_invalid')
  for (const [i, id] of ids.entries()) await repo.setCategorySort(db, id, i)
  return { before, after: [...ids] }
}

export async function setCategoryHidden(db: Q, id: number, hidden: boolean): Promise<{ before: ConsoleMallCategory; after: ConsoleMallCategory }> {
  const before = await repo.category(db, id)
  if (!before) throw refuse('console_category_not_found')
  await repo.setCategoryHidden(db, id, hidden)
  return { before: categoryOf(before), after: categoryOf((await repo.category(db, id)) as CategoryStored) }
}

// ——— Products ———

export async function productList(db: Q, q: { category_id?: number; keyword?: string; page: number; page_size: number }): Promise<MallProductsAnswer> {
  const { rows, total } = await repo.productPage(db, { categoryId: q.category_id, like: q.keyword ? likePattern(q.keyword) : undefined }, q.page_size, (q.page - 1) * q.page_size)
  const specs = await repo.specsOf(
    db,
    rows.map((r) => Number(r.id)),
  )
  return { list: rows.map((r) => productOf(r, specs)), total, page: q.page, page_size: q.page_size, shops: (await repo.stores(db)).map((s) => ({ id: Number(s.id), name: s.name })) }
}

const UPLOAD = /^\/uploads\/([A-Za-z0-9_-]{22})\.\w+$/

/** A picture on this server: one of the app's, or an upload that exists. */
async function pictureExists(db: Q, address: string): Promise<void> {
  const upload = UPLOAD.exec(address)?.[1]
  if (upload !== undefined && !(await uploadExists(db, upload))) throw refuse('console_picture_invalid')
}

export interface ProductFields {
  category_id: number
  shop_id: number
  name: string
  subtitle: string
  images: string[]
  description: string[]
  list_price: number
  limit_per_order: number
  pickup: boolean
  shipping_fee: number
}

export async function saveProduct(db: Q, id: number | undefined, f: ProductFields): Promise<{ before: ConsoleMallProduct | null; after: ConsoleMallProduct }> {
  if (!(await repo.category(db, f.category_id))) throw refuse('console_category_not_found')
  if (!(await repo.storeExists(db, f.shop_id))) throw refuse('console_mall_shop_invalid')
  for (const image of f.images) await pictureExists(db, image)
  const stored: repo.ProductFields = {
    category_id: f.category_id,
    shop_id: f.shop_id,
    name: f.name,
    subtitle: f.subtitle,
    image: f.images[0],
    images: JSON.stringify(f.images),
    description: JSON.stringify(f.description),
    list_price: f.list_price,
    limit_per_order: f.limit_per_order,
    pickup: f.pickup ? 1 : 0,
    shipping_fee: f.shipping_fee,
  }
  if (id === undefined) {
    const newId = await repo.insertProduct(db, stored)
    return { before: null, after: (await productWithSpecs(db, newId)) as ConsoleMallProduct }
  }
  const before = await productWithSpecs(db, id)
  if (!before) throw refuse('product_not_found')
  await repo.updateProduct(db, id, stored)
  return { before, after: (await productWithSpecs(db, id)) as ConsoleMallProduct }
}

/** On sale only with a spec (a product without one has no price to show or buy); off sale: shoppers no longer see or buy it. */
export async function setOnSale(db: Q, id: number, onSale: boolean): Promise<{ before: ConsoleMallProduct; after: ConsoleMallProduct }> {
  const before = await productWithSpecs(db, id)
  if (!before) throw refuse('product_not_found')
  if (onSale && before.specs.length === 0) throw refuse('console_product_without_spec')
  await repo.setOnSale(db, id, onSale)
  return { before, after: (await productWithSpecs(db, id)) as ConsoleMallProduct }
}

// ——— Specs and stock ———

export interface SpecFields {
  product_id: number
  name: string
  price: number
  member_price: number
  total_stock: number
}

/**
 * Run in a READ COMMITTED transaction (as a purchase is): the spec's row is locked first, so `before` is what the
 * change starts from and no purchase slips between the check and the write; the update re-checks in its own statement.
 */
export async function saveSpec(db: Q, id: number | undefined, f: SpecFields): Promise<{ before: ConsoleMallSpec | null; after: ConsoleMallSpec }> {
  if (f.member_price > f.price) throw refuse('console_member_price_over_price')
  if (!(await repo.product(db, f.product_id))) throw refuse('product_not_found')
  if (id === undefined) {
    const newId = await repo.insertSpec(db, f)
    return { before: null, after: specOf((await repo.spec(db, newId)) as SpecStored) }
  }
  await repo.lockSpec(db, id)
  const before = await repo.spec(db, id)
  if (!before || Number(before.product_id) !== f.product_id) throw refuse('spec_not_found')
  const sold = Number(before.total_stock) - Number(before.stock)
  if (f.total_stock < sold || !(await repo.updateSpec(db, id, f))) throw refuse('console_stock_below_sold', { sold })
  return { before: specOf(before), after: specOf((await repo.spec(db, id)) as SpecStored) }
}

// ——— Specials and the gallery ———

export const specialOf = (s: SpecialStored, members: ReadonlyArray<{ special_id: number; product_id: number }>): ConsoleMallSpecial => ({
  id: Number(s.id),
  title: s.title,
  subtitle: s.subtitle,
  banner: s.banner,
  product_ids: members.filter((m) => Number(m.special_id) === Number(s.id)).map((m) => Number(m.product_id)),
  withdrawn: s.withdrawn_at !== null,
})

export const slideOf = (s: SlideStored): ConsoleMallSlide => ({
  id: Number(s.id),
  image: s.image,
  title: s.title,
  subtitle: s.subtitle,
  link_type: s.link_type,
  link_id: Number(s.link_id),
  sort: Number(s.sort),
  withdrawn: s.withdrawn_at !== null,
})

export async function showcase(db: Q): Promise<MallShowcaseAnswer> {
  const [specials, members, slides] = await Promise.all([repo.allSpecials(db), repo.specialProducts(db), repo.allSlides(db)])
  return { specials: specials.map((s) => specialOf(s, members)), slides: slides.map(slideOf) }
}

const specialRead = async (db: Q, id: number): Promise<ConsoleMallSpecial | null> => {
  const s = await repo.special(db, id)
  return s ? specialOf(s, await repo.specialProducts(db)) : null
}

export async function saveSpecial(db: Q, id: number | undefined, f: { title: string; subtitle: string; banner: string; product_ids: number[] }): Promise<{ before: ConsoleMallSpecial | null; after: ConsoleMallSpecial }> {
  await pictureExists(db, f.banner)
  if (new Set(f.product_ids).size !== f.product_ids.length || (await repo.productsExisting(db, f.product_ids)) !== f.product_ids.length) throw refuse('console_special_products_invalid')
  let before: ConsoleMallSpecial | null = null
  let specialId: number
  if (id === undefined) specialId = await repo.insertSpecial(db, f)
  else {
    before = await specialRead(db, id)
    if (!before) throw refuse('special_not_found')
    await repo.updateSpecial(db, id, f)
    specialId = id
  }
  await repo.setSpecialProducts(db, specialId, f.product_ids)
  return { before, after: (await specialRead(db, specialId)) as ConsoleMallSpecial }
}

export async function setSpecialWithdrawn(db: Q, id: number, withdrawn: boolean): Promise<{ before: ConsoleMallSpecial; after: ConsoleMallSpecial }> {
  const stored = await repo.special(db, id)
  if (!stored) throw refuse('special_not_found')
  const before = (await specialRead(db, id)) as ConsoleMallSpecial
  await repo.setSpecialWithdrawn(db, id, withdrawn ? (stored.withdrawn_at ?? nowMs()) : null)
  return { before, after: (await specialRead(db, id)) as ConsoleMallSpecial }
}

export async function saveSlide(db: Q, id: number | undefined, f: { image: string; title: string; subtitle: string; link_type: 'product' | 'special'; link_id: number }): Promise<{ before: ConsoleMallSlide | null; after: ConsoleMallSlide }> {
  await pictureExists(db, f.image)
  const linked = f.link_type === 'product' ? await repo.product(db, f.link_id) : await repo.special(db, f.link_id)
  if (!linked) throw refuse('console_slide_link_invalid')
  if (id === undefined) {
    const newId = await repo.insertSlide(db, f)
    return { before: null, after: slideOf((await repo.slide(db, newId)) as SlideStored) }
  }
  const before = await repo.slide(db, id)
  if (!before) throw refuse('console_slide_not_found')
  await repo.updateSlide(db, id, f)
  return { before: slideOf(before), after: slideOf((await repo.slide(db, id)) as SlideStored) }
}

export async function orderSlides(db: Q, ids: readonly number[]): Promise<{ before: number[]; after: number[] }> {
  const before = (await repo.allSlides(db)).map((s) => Number(s.id))
  const known = new Set(before)
  if (ids.length !== before.length || new Set(ids).size !== ids.length || !ids.every((id) => known.has(id))) throw refuse('console_slide_order_invalid')
  for (const [i, id] of ids.entries()) await repo.setSlideSort(db, id, i)
  return { before, after: [...ids] }
}

export async function setSlideWithdrawn(db: Q, id: number, withdrawn: boolean): Promise<{ before: ConsoleMallSlide; after: ConsoleMallSlide }> {
  const before = await repo.slide(db, id)
  if (!before) throw refuse('console_slide_not_found')
  await repo.setSlideWithdrawn(db, id, withdrawn ? (before.withdrawn_at ?? nowMs()) : null)
  return { before: slideOf(before), after: slideOf((await repo.slide(db, id)) as SlideStored) }
}
