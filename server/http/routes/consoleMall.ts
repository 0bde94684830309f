import type { FastifyInstance } from 'fastify'
import type { Q } from '../../storage/query'
import { defineConsoleRoute } from './console'
import { recordAudit } from '../../domain/console/audit'
import { categoryList, orderCategories, orderSlides, productList, productWithSpecs, saveCategory, saveProduct, saveSlide, saveSpec, saveSpecial, setCategoryHidden, setOnSale, setSlideWithdrawn, setSpecialWithdrawn, showcase } from '../../domain/console/mall'
import type { ConsoleMallProduct } from '../../../src/contract/console'

/**
 * The micro mall in the console (issue 45; src/contract/consoleEndpoints.ts, docs/api.md "Console: the micro mall"):
 * categories, products and specs, for admin and content. Each write records its audit row (before, after, the reason)
 * in the transaction of the write. Shoppers read these rows on every call (nothing kept: nothing to invalidate).
 */
export function consoleMallRoutes(app: FastifyInstance, db: Q): void {
  // ——— Categories ———
  defineConsoleRoute(app, db, 'console.mall/categories', async () => categoryList(db))
  defineConsoleRoute(app, db, 'console.mall/saveCategory', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await saveCategory(db, input.id, input.name, input.icon)
      await recordAudit(db, session.operator.id, { action: before ? 'mall.saveCategory' : 'mall.createCategory', target_kind: 'mall_category', target_id: after.id, before, after, reason: input.reason ?? null })
      return { category: after }
    }),
  )
  defineConsoleRoute(app, db, 'console.mall/orderCategories', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await orderCategories(db, input.ids)
      await recordAudit(db, session.operator.id, { action: 'mall.orderCategories', target_kind: 'mall_category', target_id: null, before: { ids: before }, after: { ids: after }, reason: input.reason ?? null })
      return categoryList(db)
    }),
  )
  defineConsoleRoute(app, db, 'console.mall/setCategoryHidden', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await setCategoryHidden(db, input.id, input.hidden)
      await recordAudit(db, session.operator.id, { action: input.hidden ? 'mall.hideCategory' : 'mall.showCategory', target_kind: 'mall_category', target_id: input.id, before, after, reason: input.reason ?? null })
      return { category: after }
    }),
  )

  // ——— Products ———
  defineConsoleRoute(app, db, 'console.mall/products', async ({ input }) => productList(db, input))
  defineConsoleRoute(app, db, 'console.mall/saveProduct', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { id, reason, lang: _lang, share_user_user_id: _share, ...fields } = input
      const { before, after } = await saveProduct(db, id, fields)
      await recordAudit(db, session.operator.id, { action: before ? 'mall.saveProduct' : 'mall.createProduct', target_kind: 'mall_product', target_id: after.id, before, after, reason: reason ?? null })
      return { product: after }
    }),
  )
  defineConsoleRoute(app, db, 'console.mall/setOnSale', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await setOnSale(db, input.id, input.on_sale)
      await recordAudit(db, session.operator.id, { action: input.on_sale ? 'mall.restore' : 'mall.withdraw', target_kind: 'mall_product', target_id: input.id, before, after, reason: input.reason ?? null })
      return { product: after }
    }),
  )

  // ——— Specs and stock ———
  // READ COMMITTED with the spec's row locked, as a purchase takes its stock (server/domain/orders.ts createOrder): a
  // purchase and a stock change at the same moment wait on one another instead of failing or losing either.
  defineConsoleRoute(app, db, 'console.mall/saveSpec', async ({ input, session }) =>
    db.transaction('read committed', async (db) => {
      const { id, reason, lang: _lang, share_user_user_id: _share, ...fields } = input
      const { before, after } = await saveSpec(db, id, fields)
      await recordAudit(db, session.operator.id, { action: before ? 'mall.saveSpec' : 'mall.createSpec', target_kind: 'mall_spec', target_id: after.id, before, after, reason: reason ?? null })
      return { spec: after, product: (await productWithSpecs(db, fields.product_id)) as ConsoleMallProduct }
    }),
  )

  // ——— Specials and the gallery ———
  defineConsoleRoute(app, db, 'console.mall/showcase', async () => showcase(db))
  defineConsoleRoute(app, db, 'console.mall/saveSpecial', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await saveSpecial(db, input.id, input)
      await recordAudit(db, session.operator.id, { action: before ? 'mall.saveSpecial' : 'mall.createSpecial', target_kind: 'mall_special', target_id: after.id, before, after, reason: input.reason ?? null })
      return { special: after }
    }),
  )
  defineConsoleRoute(app, db, 'console.mall/setSpecialWithdrawn', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await setSpecialWithdrawn(db, input.id, input.withdrawn)
      await recordAudit(db, session.operator.id, { action: input.withdrawn ? 'mall.withdrawSpecial' : 'mall.restoreSpecial', target_kind: 'mall_special', target_id: input.id, before, after, reason: input.reason ?? null })
      return { special: after }
    }),
  )
  defineConsoleRoute(app, db, 'console.mall/saveSlide', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await saveSlide(db, input.id, input)
      await recordAudit(db, session.operator.id, { action: before ? 'mall.saveSlide' : 'mall.createSlide', target_kind: 'mall_slide', target_id: after.id, before, after, reason: input.reason ?? null })
      return { slide: after }
    }),
  )
  defineConsoleRoute(app, db, 'console.mall/orderSlides', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await orderSlides(db, input.ids)
      await recordAudit(db, session.operator.id, { action: 'mall.orderSlides', target_kind: 'mall_slide', target_id: null, before: { ids: before }, after: { ids: after }, reason: input.reason ?? null })
      return showcase(db)
    }),
  )
  defineConsoleRoute(app, db, 'console.mall/setSlideWithdrawn', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await setSlideWithdrawn(db, input.id, input.withdrawn)
      await recordAudit(db, session.operator.id, { action: input.withdrawn ? 'mall.withdrawSlide' : 'mall.restoreSlide', target_kind: 'mall_slide', target_id: input.id, before, after, reason: input.reason ?? null })
      return { slide: after }
    }),
  )
}
