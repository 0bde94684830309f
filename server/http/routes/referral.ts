import type { FastifyInstance } from 'fastify'
import type { DB } from '../../storage/db'
import { defineRoute, requireUser } from '../envelope'
import { contestView } from '../../domain/referral'
import * as repo from '../../storage/repo/referral'

/** The referral contest (issue 26): the board for everyone, the shopper's standing when signed in, hiding their name. */
export function referralRoutes(app: FastifyInstance, db: DB): void {
  defineRoute(app, db, 'hui_public.referral_contest/read', { auth: false }, ({ user, lang }) => contestView(db, lang, user ? user.id : null))

  defineRoute(app, db, 'personal.referral/hide', { auth: true }, ({ input, user }) => {
    const me = requireUser(user)
    repo.setHidden(db, me.id, input.hidden)
    return { hidden: input.hidden }
  })
}
