import type { Q } from '../../storage/query'
import type { FastifyInstance } from 'fastify'
import * as addressBook from '../../domain/address/addressBook'
import { defineRoute, requireUser } from '../envelope'

/** Addresses: the request in, the answer out; the rules and the transactions are server/domain/address/addressBook.ts's. */
export function addressRoutes(app: FastifyInstance, db: Q): void {
  defineRoute(app, db, 'personal.address/index', async ({ user }) => ({
    list: await addressBook.listAddresses(db, requireUser(user).id),
  }))

  defineRoute(app, db, 'personal.address/save', async ({ input, user }) => ({
    info: await addressBook.saveAddress(db, requireUser(user).id, input),
  }))

  defineRoute(app, db, 'personal.address/delete', async ({ input, user }) => {
    await addressBook.deleteAddress(db, requireUser(user).id, input.id)
    return { deleted: true as const }
  })

  defineRoute(app, db, 'personal.address/setDefault', async ({ input, user }) => ({
    info: await addressBook.setDefaultAddress(db, requireUser(user).id, input.id),
  }))
}
