import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import { pointOf } from '../../../src/contract/geo'
import { cancelReminder, discountDayAnswer, remind, type Reminders } from '../../domain/discountDay/discountDay'
import { defineRoute, requireUser } from '../envelope'
import { named } from '../../domain/names'

/**
 * Discount day (issue 26; docs/api.md "Discount day"). The calendar is open to anyone; with a logged-in shopper it
 * says whether they hold a card (only members get the extra discount) and whether they asked for a reminder; the
 * reminder (a subscription message, server/domain/discountDay/discountDay.ts) is asked for and withdrawn by the shopper.
 * The request in, the answer out: the rules are the service's.
 */
export function discountDayRoutes(app: FastifyInstance, db: Q, reminders: Reminders): void {
  defineRoute(app, db, 'hui_shanghu.discount_day/index', async ({ input, user, lang }) => {
    const answer = await discountDayAnswer(db, { at: pointOf(input), cityId: input.city_id, userId: user?.id ?? null }, reminders)
    // The class is the system's word (translated); the shop's name and address stay as written.
    return { ...answer, shops: answer.shops.map((s) => ({ ...s, class_name: named(lang, s.class_name) })) }
  })

  defineRoute(app, db, 'personal.discount_day/remind', ({ input, user }) => remind(db, reminders, requireUser(user).id, input))

  defineRoute(app, db, 'personal.discount_day/cancelReminder', ({ input, user }) => cancelReminder(db, requireUser(user).id, input.day))
}
