import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import { defineRoute, requireUser } from '../envelope'
import { acceptInvite, createInvite, inviteImage, readInvite, removeStaff, requireMember, requireOwner, revokeInvite, staffList } from '../../domain/store/staff'

/**
 * Staff and invites (issue 26; server/domain/store/staff.ts; docs/api.md "Staff and invites"). The store's people: any staff
 * member reads them (the open invites only for the owner); only the owner invites, revokes and removes. The
 * invite's two calls need a logged-in user, staff of no store to accept.
 */
export function staffRoutes(app: FastifyInstance, db: Q, codeImage: ((scene: string) => Promise<Buffer | null>) | null): void {
  defineRoute(app, db, 'hui_shanghu.store_staff/index', async ({ user, lang }) => staffList(db, await requireMember(db, user), lang))

  defineRoute(app, db, 'hui_shanghu.store_staff/invite', async ({ user }) => ({ invite: await createInvite(db, await requireOwner(db, user)) }))

  defineRoute(app, db, 'hui_shanghu.store_staff/inviteCode', async ({ input, user, req }) =>
    inviteImage(db, await requireOwner(db, user), input.code, codeImage, (error) => req.log.warn({ err: error instanceof Error ? error.message : String(error) }, "the invite's mini-program code was not made")),
  )

  defineRoute(app, db, 'hui_shanghu.store_staff/revoke', async ({ input, user, lang }) => {
    const owner = await requireOwner(db, user)
    await revokeInvite(db, owner, input.id)
    return staffList(db, owner, lang)
  })

  defineRoute(app, db, 'hui_shanghu.store_staff/remove', async ({ input, user, lang }) => {
    const owner = await requireOwner(db, user)
    await removeStaff(db, owner, input.user_id)
    return staffList(db, owner, lang)
  })

  defineRoute(app, db, 'hui_shanghu.store_invite/read', ({ input, user }) => readInvite(db, requireUser(user), input.code))

  defineRoute(app, db, 'hui_shanghu.store_invite/accept', ({ input, user }) => acceptInvite(db, requireUser(user), input.code))
}
