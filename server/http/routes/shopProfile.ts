import type { FastifyInstance } from 'fastify'
import type { Q } from '../../storage/query'
import { defineRoute } from '../envelope'
import { readProfile, requestRename, saveContact, saveHours, saveIntro, savePhotos } from '../../domain/store/profile'

/**
 * The shop's profile (issue 44; src/contract/shopProfileEndpoints.ts; docs/api.md "The shop's profile"): any staff member
 * reads, the owner changes (server/domain/store/profile.ts holds the rules).
 */
export function shopProfileRoutes(app: FastifyInstance, db: Q): void {
  defineRoute(app, db, 'hui_shanghu.store_profile/read', ({ user }) => readProfile(db, user))
  defineRoute(app, db, 'hui_shanghu.store_profile/rename', ({ user, input }) => requestRename(db, user, input.name))
  defineRoute(app, db, 'hui_shanghu.store_profile/contact', ({ user, input }) => saveContact(db, user, input))
  defineRoute(app, db, 'hui_shanghu.store_profile/hours', ({ user, input }) => saveHours(db, user, input))
  defineRoute(app, db, 'hui_shanghu.store_profile/photos', ({ user, input }) => savePhotos(db, user, input))
  defineRoute(app, db, 'hui_shanghu.store_profile/intro', ({ user, input }) => saveIntro(db, user, input.html))
}
