import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import type { MallProduct, MallProductDetail } from '../../../src/contract/mall'
import { defineRoute, refuse } from '../envelope'
import { named } from '../../domain/names'
import * as mall from '../../storage/repo/mall'
import type { MallProductRow } from '../../storage/repo/mall'
import { englishWordPattern, likePattern } from '../../storage/repo/shops'
import { searchTerm } from '../../../src/contract/searchWords'

/** A product in a grid (prices from its lowest spec, stock and sales over every spec). */
const toProduct = (r: MallProductRow): MallProduct => ({
  id: r.id,
  category_id: r.category_id,
  name: r.name,
  name_en: r.name_en,
  subtitle: r.subtitle,
  image: r.image,
  list_price: r.list_price,
  price: r.price,
  member_price: r.member_price,
  stock: r.stock,
  sold: r.sold,
  limit_per_order: r.limit_per_order,
})

const parsedList = (text: string): string[] => {
  try {
    const v: unknown = JSON.parse(text)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

/**
 * The micro mall's catalogue (issue 14; src/contract/mallEndpoints.ts): categories, products (by category, special
 * or name), one product with its specs, a special, the gallery. No sign-in needed. What the system names
 * (categories, the special, the slides' words) comes in the asker's language; products as their merchants wrote them.
 */
export function mallRoutes(app: FastifyInstance, db: Q): void {
  defineRoute(app, db, 'hui_public.mall_category/index', async ({ lang }) => ({
    list: (await mall.categories(db)).map((c) => ({ ...c, name: named(lang, c.name) })),
  }))

  defineRoute(app, db, 'hui_public.mall_product/index', async ({ input }) => {
    const { rows, total } = await mall.productPage(
      db,
      // By name: the keyword (or the Chinese an English popular word stands for), or a word of the English name (issue 39).
      { categoryId: input.category_id, specialId: input.special_id, ...(input.keyword ? { like: likePattern(searchTerm(input.keyword)), english: englishWordPattern(input.keyword) } : {}) },
      input.page_size,
      (input.page - 1) * input.page_size,
    )
    return { list: rows.map(toProduct), total, page: input.page, page_size: input.page_size }
  })

  defineRoute(app, db, 'hui_public.mall_product/read', async ({ input }) => {
    const row = await mall.product(db, input.id)
    if (!row) throw refuse('product_not_found')
    const info: MallProductDetail = {
      ...toProduct(row),
      images: parsedList(row.images),
      description: parsedList(row.description),
      specs: (await mall.specsOf(db, row.id)).map(({ product_id: _p, ...spec }) => spec),
      store: { id: row.shop_id, name: row.shop_name, address: row.shop_address },
      pickup: row.pickup === 1,
      shipping_fee: row.shipping_fee,
    }
    return { info }
  })

  defineRoute(app, db, 'hui_public.mall_special/read', async ({ input, lang }) => {
    const row = await mall.special(db, input.id)
    if (!row) throw refuse('special_not_found')
    return { info: { ...row, title: named(lang, row.title), subtitle: named(lang, row.subtitle) } }
  })

  defineRoute(app, db, 'hui_public.mall_gallery/index', async ({ lang }) => ({
    list: (await mall.gallery(db)).map((s) => ({ id: s.id, image: s.image, title: named(lang, s.title), subtitle: named(lang, s.subtitle), link: { type: s.link_type, id: s.link_id } })),
  }))
}
