import type { FastifyInstance } from 'fastify'
import type { Q } from '../../storage/query'
import { defineConsoleRoute } from './console'
import { recordAudit } from '../../domain/console/audit'
import { bannerOf, homeIndex, orderBanners, saveBanner, saveModules, setBannerShown } from '../../domain/console/home'
import { classOf, cityOf, saveCity, saveClass, setCityShown, setClassShown } from '../../domain/console/places'
import * as repo from '../../storage/repo/homeContent'

/**
 * Home's content and the platform's lists in the console (issue 45, h45-home; src/contract/consoleEndpoints.ts, docs/api.md
 * "Console: Home, cities and business classes"): Home's banners and service grid, the cities and the business classes
 * (admin, content). Each write records its audit row (before, after, the reason) in the write's own transaction.
 * Shoppers read these rows on every call (nothing kept): a change shows at once.
 */
export function consoleHomeRoutes(app: FastifyInstance, db: Q): void {
  // ——— Home (admin, content) ———
  defineConsoleRoute(app, db, 'console.home/index', async () => homeIndex(db))
  defineConsoleRoute(app, db, 'console.home/saveBanner', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { id, reason, lang: _lang, share_user_user_id: _share, ...fields } = input
      const { before, after } = await saveBanner(db, id, fields)
      await recordAudit(db, session.operator.id, { action: before ? 'home.saveBanner' : 'home.createBanner', target_kind: 'home_banner', target_id: after.id, before: before && bannerOf(before), after: bannerOf(after), reason: reason ?? null })
      return { banner: bannerOf(after) }
    }),
  )
  defineConsoleRoute(app, db, 'console.home/setBannerShown', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await setBannerShown(db, input.id, input.shown)
      await recordAudit(db, session.operator.id, { action: input.shown ? 'home.showBanner' : 'home.withdrawBanner', target_kind: 'home_banner', target_id: input.id, before: bannerOf(before), after: bannerOf(after), reason: input.reason ?? null })
      return { banner: bannerOf(after) }
    }),
  )
  defineConsoleRoute(app, db, 'console.home/orderBanners', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await orderBanners(db, input.ids)
      await recordAudit(db, session.operator.id, { action: 'home.orderBanners', target_kind: 'home_banners', target_id: null, before: before.map((b) => Number(b.id)), after: after.map((b) => Number(b.id)), reason: input.reason ?? null })
      return { banners: after.map((b) => bannerOf(b)) }
    }),
  )
  defineConsoleRoute(app, db, 'console.home/saveModules', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await saveModules(db, input.modules)
      const brief = (list: typeof after) => list.map((m) => ({ key: m.key, shown: m.shown }))
      await recordAudit(db, session.operator.id, { action: 'home.saveModules', target_kind: 'home_modules', target_id: null, before: brief(before), after: brief(after), reason: input.reason ?? null })
      return { modules: after }
    }),
  )

  // ——— Cities (admin, content) ———
  defineConsoleRoute(app, db, 'console.city/index', async () => ({ cities: (await repo.allCities(db)).map(cityOf) }))
  defineConsoleRoute(app, db, 'console.city/save', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { id, reason, lang: _lang, share_user_user_id: _share, ...fields } = input
      const { before, after } = await saveCity(db, id, fields)
      await recordAudit(db, session.operator.id, { action: before ? 'city.save' : 'city.create', target_kind: 'city', target_id: after.id, before: before && cityOf(before), after: cityOf(after), reason: reason ?? null })
      return { city: cityOf(after) }
    }),
  )
  defineConsoleRoute(app, db, 'console.city/setShown', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await setCityShown(db, input.id, input.shown)
      await recordAudit(db, session.operator.id, { action: input.shown ? 'city.show' : 'city.hide', target_kind: 'city', target_id: input.id, before: cityOf(before), after: cityOf(after), reason: input.reason ?? null })
      return { city: cityOf(after) }
    }),
  )

  // ——— Business classes (admin, content) ———
  defineConsoleRoute(app, db, 'console.businessClass/index', async () => ({ classes: (await repo.allClasses(db)).map(classOf) }))
  defineConsoleRoute(app, db, 'console.businessClass/save', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { id, reason, lang: _lang, share_user_user_id: _share, ...fields } = input
      const { before, after } = await saveClass(db, id, fields)
      await recordAudit(db, session.operator.id, { action: before ? 'businessClass.save' : 'businessClass.create', target_kind: 'business_class', target_id: after.id, before: before && classOf(before), after: classOf(after), reason: reason ?? null })
      return { business_class: classOf(after) }
    }),
  )
  defineConsoleRoute(app, db, 'console.businessClass/setShown', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await setClassShown(db, input.id, input.shown)
      await recordAudit(db, session.operator.id, { action: input.shown ? 'businessClass.show' : 'businessClass.hide', target_kind: 'business_class', target_id: input.id, before: classOf(before), after: classOf(after), reason: input.reason ?? null })
      return { business_class: classOf(after) }
    }),
  )
}
