import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import * as addressBook from '../../domain/address/addressBook'
import { defineRoute, requireUser } from '../envelope'
import type { Storage } from '../../storage/engine'

/**
 * Addresses: the request in, the answer out; the rules and the transactions are server/domain/address/addressBook.ts's, on the
 * storage seam (`storage`: SQLite on `db`'s handle by default). `db` still authenticates the session (defineRoute).
 */
export function addressRoutes(app: FastifyInstance, db: Q, storage: Storage): void {
  defineRoute(app, db, 'personal.address/index', { auth: true }, async ({ user }) => ({
    list: await addressBook.listAddresses(storage, requireUser(user).id),
  }))

  defineRoute(app, db, 'personal.address/save', { auth: true }, async ({ input, user }) => ({
    info: await addressBook.saveAddress(storage, requireUser(user).id, input),
  }))

  defineRoute(app, db, 'personal.address/delete', { auth: true }, async ({ input, user }) => {
    await addressBook.deleteAddress(storage, requireUser(user).id, input.id)
    return { deleted: true as const }
  })

  defineRoute(app, db, 'personal.address/setDefault', { auth: true }, async ({ input, user }) => ({
    info: await addressBook.setDefaultAddress(storage, requireUser(user).id, input.id),
  }))
}
