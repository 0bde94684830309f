import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import { APP_VERSION, APP_VERSION_CODE } from '../../../src/contract/appInfo'
import { distanceMeters } from '../../../src/contract/geo'
import { NEAREST_CITY_MAX_M } from '../../../src/contract/site'
import { defineRoute, refuse } from '../envelope'
import { nicknameIn } from '../../domain/names'
import { REGIONS } from '../../domain/address/regions'
import { businessClasses } from '../../storage/repo/shops'
import * as site from '../../storage/repo/site'
import { homeModules } from '../../domain/console/home'
import { englishOf } from '../../domain/console/places'

export function siteRoutes(app: FastifyInstance, db: Q): void {
  defineRoute(app, db, 'index/serverInfo', () => ({
    service_phone: '400-800-1234',
    service_wechat: 'onecardpass',
    service_hours: '09:00-21:00',
    version: APP_VERSION,
    version_code: APP_VERSION_CODE,
  }))

  // Home's banners showing now and its grid as the console ordered it (server/domain/console/home.ts; read afresh on
  // every call, and so by Home's drawn first screen), titles in the shopper's language (`title_en` stays for clients
  // that pick it themselves). No banners (a production start): none, and Home draws without a carousel.
  defineRoute(app, db, 'index/moduleList', ({ lang }) => homeModules(db, lang))

  defineRoute(app, db, 'index/getUrlByNumber', async ({ input }) => {
    const url = await site.qrTarget(db, input.number)
    if (!url) throw refuse('qr_not_recognised')
    return { url }
  })

  defineRoute(app, db, 'website.hui_china_city/cityList', async ({ lang }) => ({
    list: (await site.cities(db)).map((c) => ({ id: c.id, name: lang === 'en' ? englishOf(c.name, c.name_en) : c.name, pinyin: c.pinyin, hot: Number(c.hot) === 1 })),
  }))

  // The nearest city to a point (no outside geocoding service: the cities' own centres), within reach only.
  defineRoute(app, db, 'website.hui_china_city/locate', async ({ input, lang }) => {
    let best: { city: Awaited<ReturnType<typeof site.cityPoints>>[number]; distance: number } | null = null
    for (const city of (await site.cityPoints(db))) {
      const distance = distanceMeters(input, city)
      if (!best || distance < best.distance) best = { city, distance }
    }
    if (!best || best.distance > NEAREST_CITY_MAX_M) return { city: null, distance: best ? best.distance : null }
    const { id, name, name_en, pinyin, hot } = best.city
    return { city: { id, name: lang === 'en' ? englishOf(name, name_en) : name, pinyin, hot: Number(hot) === 1 }, distance: best.distance }
  })

  defineRoute(app, db, 'website.hui_china_city/regionTree', () => ({
    list: Object.entries(REGIONS).map(([name, cities]) => ({ name, children: Object.entries(cities).map(([city, districts]) => ({ name: city, children: districts.map((d) => ({ name: d })) })) })),
  }))

  // `oil`: fuel stations are paid on their own screen (Discount bill leaves them out, in any language).
  defineRoute(app, db, 'hui_shanghu.hs_business_class/index', async ({ lang }) => ({
    list: (await businessClasses(db)).map((c) => ({ id: c.id, name: lang === 'en' ? englishOf(c.name, c.name_en) : c.name, icon: c.icon, oil: c.name === '加油站' })),
  }))

  // Reviews stay as written; a reviewer's default nickname (会员1001) is the system's, so it is translated.
  defineRoute(app, db, 'hui_public.hsh_comment/index', async ({ input, lang }) => {
    if (!input.shop_id && !input.product_id) throw refuse('shop_or_product_required')
    const on = input.shop_id ? { shop_id: input.shop_id } : { product_id: input.product_id as number }
    const { list, total } = await site.commentPage(db, on, input.page_size, (input.page - 1) * input.page_size)
    return { list: list.map((c) => ({ ...c, nickname: nicknameIn(lang, c.nickname) })), total, page: input.page, page_size: input.page_size }
  })
}
