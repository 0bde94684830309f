import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import { pointOf } from '../../../src/contract/geo'
import { defineRoute } from '../envelope'
import { stationDetail, stationPage } from '../../domain/fuel'
import { named } from '../../domain/names'

/**
 * Fuel stations (docs/api.md "Fuel"). Open to anyone; with a logged-in shopper the member price counts their card.
 * With lat/lng: `distance` in metres and nearest first (every city); without: the city's stations.
 */
export function fuelRoutes(app: FastifyInstance, db: Q): void {
  // The brand is the system's word (translated); the station's name and address stay as written.
  defineRoute(app, db, 'hui_shanghu.oil_station/index', async ({ input, user, lang }) => {
    const page = await stationPage(db, { at: pointOf(input), cityId: input.city_id, userId: user?.id ?? null, page: input.page, pageSize: input.page_size })
    return { ...page, list: page.list.map((st) => ({ ...st, brand: named(lang, st.brand) })) }
  })

  defineRoute(app, db, 'hui_shanghu.oil_station/read', async ({ input, user, lang }) => {
    const info = await stationDetail(db, input.id, pointOf(input), user?.id ?? null)
    return { info: { ...info, brand: named(lang, info.brand) } }
  })
}
