import type { FastifyInstance } from 'fastify'
import type { Q } from '../../storage/query'
import { defineConsoleRoute } from './console'
import { recordAudit } from '../../domain/console/audit'
import { discountDayIndex, removeShop, saveDay, saveShop, withdrawDay } from '../../domain/console/discountDays'
import { contestIndex, contestOf, contestStandings, endContest, saveContest } from '../../domain/console/contests'
import type { ContestStored } from '../../storage/repo/consoleDays'

/**
 * The console's discount days and referral contests (issue 45, t45-days; src/contract/consoleEndpoints.ts, docs/api.md
 * "Console: discount days and referral contests"). Each write and its audit row (before, after, the reason) commit in
 * one transaction; the rules are server/domain/console/discountDays.ts and contests.ts.
 */
const storedContest = (c: ContestStored) => ({ ...c, prizes: JSON.parse(c.prizes) as unknown })

export function consoleDaysRoutes(app: FastifyInstance, db: Q): void {
  // ——— Discount days (admin, content) ———
  defineConsoleRoute(app, db, 'console.discountDay/index', async ({ input }) => discountDayIndex(db, input))
  defineConsoleRoute(app, db, 'console.discountDay/save', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after, moved } = await saveDay(db, input)
      await recordAudit(db, session.operator.id, { action: before ? 'discountDay.move' : 'discountDay.create', target_kind: 'discount_day', target_id: after.day, before, after: { ...after, reminders_moved: moved }, reason: input.reason ?? null })
      return { day: after, reminders_moved: moved }
    }),
  )
  defineConsoleRoute(app, db, 'console.discountDay/withdraw', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, dropped } = await withdrawDay(db, input.day)
      await recordAudit(db, session.operator.id, { action: 'discountDay.withdraw', target_kind: 'discount_day', target_id: input.day, before: { ...before, reminders_dropped: dropped }, after: null, reason: input.reason ?? null })
      return { day: input.day, reminders_dropped: dropped }
    }),
  )
  defineConsoleRoute(app, db, 'console.discountDay/saveShop', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await saveShop(db, input.shop_id, input.extra_rate)
      await recordAudit(db, session.operator.id, { action: 'discountDay.saveShop', target_kind: 'discount_day_shop', target_id: input.shop_id, before, after, reason: input.reason ?? null })
      return { shop: after }
    }),
  )
  defineConsoleRoute(app, db, 'console.discountDay/removeShop', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before } = await removeShop(db, input.shop_id)
      await recordAudit(db, session.operator.id, { action: 'discountDay.removeShop', target_kind: 'discount_day_shop', target_id: input.shop_id, before, after: null, reason: input.reason ?? null })
      return { shop_id: input.shop_id }
    }),
  )

  // ——— Referral contests (admin, content) ———
  defineConsoleRoute(app, db, 'console.referral/index', async () => contestIndex(db))
  defineConsoleRoute(app, db, 'console.referral/save', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { id, reason, lang: _lang, share_user_user_id: _share, ...fields } = input
      const { before, after } = await saveContest(db, id, fields)
      await recordAudit(db, session.operator.id, { action: before ? 'referral.save' : 'referral.create', target_kind: 'referral_contest', target_id: after.id, before: before && storedContest(before), after: storedContest(after), reason: reason ?? null })
      return { contest: await contestOf(db, after) }
    }),
  )
  defineConsoleRoute(app, db, 'console.referral/end', async ({ input, session }) =>
    db.transaction('serializable', async (db) => {
      const { before, after } = await endContest(db, input.id)
      await recordAudit(db, session.operator.id, { action: 'referral.end', target_kind: 'referral_contest', target_id: input.id, before: storedContest(before), after: storedContest(after), reason: input.reason ?? null })
      return { contest: await contestOf(db, after) }
    }),
  )
  defineConsoleRoute(app, db, 'console.referral/standings', async ({ input }) => contestStandings(db, input))
}
