import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import { defineRoute, requireUser } from '../envelope'
import { contestView, setHidden } from '../../domain/referral'

/**
 * The referral contest (issue 26): the board for everyone, the shopper's standing when signed in, hiding their name.
 * The rules and the reads are server/domain/referral.ts's.
 */
export function referralRoutes(app: FastifyInstance, db: Q): void {
  defineRoute(app, db, 'hui_public.referral_contest/read', ({ user, lang }) => contestView(db, lang, user ? user.id : null))

  defineRoute(app, db, 'personal.referral/hide', async ({ input, user }) => {
    await setHidden(db, requireUser(user).id, input.hidden)
    return { hidden: input.hidden }
  })
}
