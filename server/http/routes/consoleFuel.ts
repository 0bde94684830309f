import type { FastifyInstance } from 'fastify'
import type { Q } from '../../storage/query'
import { defineConsoleRoute } from './console'
import { recordAudit } from '../../domain/console/audit'
import { addGrade, addPump, orderGrades, removePump, setGradeOffered, stationDetailOf } from '../../domain/console/fuelStations'

/**
 * A fuel station's grades and pumps in the console (issue 45, f45-fuel; src/contract/consoleEndpoints.ts, docs/api.md
 * "Console: fuel stations") (admin, content). Each write records its audit row (before, after, the reason) in the
 * write's own transaction and answers the station as it now stands. Shoppers read these rows on every call.
 */
export function consoleFuelRoutes(app: FastifyInstance, db: Q): void {
  const langOf = (lang: string | undefined) => (lang === 'en' ? 'en' : 'zh')
  defineConsoleRoute(app, db, 'console.fuel/station', async ({ input }) => ({ station: await stationDetailOf(db, input.shop_id, langOf(input.lang)) }))
  defineConsoleRoute(app, db, 'console.fuel/addGrade', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const before = await stationDetailOf(db, input.shop_id, 'zh')
      await addGrade(db, session.operator.id, input)
      const after = await stationDetailOf(db, input.shop_id, langOf(input.lang))
      await recordAudit(db, session.operator.id, { action: 'fuel.addGrade', target_kind: 'oil_station', target_id: input.shop_id, before: before.grades, after: after.grades, reason: input.reason ?? null })
      return { station: after }
    }),
  )
  defineConsoleRoute(app, db, 'console.fuel/orderGrades', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await orderGrades(db, input.shop_id, input.grades)
      await recordAudit(db, session.operator.id, { action: 'fuel.orderGrades', target_kind: 'oil_station', target_id: input.shop_id, before, after, reason: input.reason ?? null })
      return { station: await stationDetailOf(db, input.shop_id, langOf(input.lang)) }
    }),
  )
  defineConsoleRoute(app, db, 'console.fuel/setGradeOffered', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await setGradeOffered(db, input.shop_id, input.grade, input.offered)
      await recordAudit(db, session.operator.id, { action: input.offered ? 'fuel.gradeOn' : 'fuel.gradeOff', target_kind: 'oil_station', target_id: input.shop_id, before: { grade: input.grade, offered: before }, after: { grade: input.grade, offered: after }, reason: input.reason ?? null })
      return { station: await stationDetailOf(db, input.shop_id, langOf(input.lang)) }
    }),
  )
  defineConsoleRoute(app, db, 'console.fuel/addPump', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const before = await stationDetailOf(db, input.shop_id, 'zh')
      await addPump(db, input.shop_id, input.pump_no)
      const after = await stationDetailOf(db, input.shop_id, langOf(input.lang))
      await recordAudit(db, session.operator.id, { action: 'fuel.addPump', target_kind: 'oil_station', target_id: input.shop_id, before: before.pumps, after: after.pumps, reason: input.reason ?? null })
      return { station: after }
    }),
  )
  defineConsoleRoute(app, db, 'console.fuel/removePump', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const before = await stationDetailOf(db, input.shop_id, 'zh')
      await removePump(db, input.shop_id, input.pump_no)
      const after = await stationDetailOf(db, input.shop_id, langOf(input.lang))
      await recordAudit(db, session.operator.id, { action: 'fuel.removePump', target_kind: 'oil_station', target_id: input.shop_id, before: before.pumps, after: after.pumps, reason: input.reason ?? null })
      return { station: after }
    }),
  )
}
