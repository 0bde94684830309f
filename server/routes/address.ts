import type { FastifyInstance } from 'fastify'
import { MAX_ADDRESSES, type Address } from '../../src/contract/address'
import { tx, type DB } from '../db'
import { defineRoute, refuse, requireUser } from '../http'
import { districtCentre } from '../districtCentres'
import { isKnownRegion } from '../regions'
import * as addresses from '../repo/addresses'
import type { AddressRow } from '../repo/addresses'
import { nowText } from '../time'

const toAddress = (r: AddressRow): Address => ({ ...r, is_default: r.is_default === 1 })

/** Addresses: always owned (another shopper's id is "not found"), at most one default. */
export function addressRoutes(app: FastifyInstance, db: DB): void {
  const own = (userId: number, id: number): AddressRow => {
    const row = addresses.ownAddress(db, userId, id)
    if (!row) throw refuse('address_not_found')
    return row
  }

  defineRoute(app, db, 'personal.address/index', { auth: true }, ({ user }) => ({
    list: addresses.addressesOf(db, requireUser(user).id).map(toAddress),
  }))

  defineRoute(app, db, 'personal.address/save', { auth: true }, ({ input, user }) => {
    const uid = requireUser(user).id
    if (!isKnownRegion(input.province, input.city, input.district)) throw refuse('region_not_supported')
    if ((input.lat === undefined) !== (input.lng === undefined)) throw refuse('invalid_request', { detail: 'lat and lng go together' })
    // Its point: the map pick when the client sends one, else the district's centre the server ships.
    const picked = input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : null
    const point = picked ?? districtCentre(input.province, input.city, input.district)
    // IMMEDIATE: the count check and the insert hold under several processes (max 20 addresses).
    const id = tx(db, () => {
      const { id: existing, is_default, lat: _lat, lng: _lng, ...fields } = input
      let addressId: number
      if (existing) {
        own(uid, existing)
        addresses.updateAddress(db, uid, existing, fields)
        addressId = existing
      } else {
        const count = addresses.countAddresses(db, uid)
        if (count >= MAX_ADDRESSES) throw refuse('address_limit', { max: MAX_ADDRESSES })
        addressId = addresses.insertAddress(db, uid, fields, nowText())
        // The first address is the default.
        if (count === 0) addresses.makeDefault(db, uid, addressId)
      }
      if (is_default) addresses.makeDefault(db, uid, addressId)
      addresses.setAddressPoint(db, uid, addressId, point, picked ? 'map' : 'district')
      return addressId
    })
    return { info: toAddress(own(uid, id)) }
  })

  defineRoute(app, db, 'personal.address/delete', { auth: true }, ({ input, user }) => {
    const uid = requireUser(user).id
    tx(db, () => {
      const row = own(uid, input.id)
      addresses.deleteAddress(db, uid, input.id)
      // Deleting the default hands the flag to the newest remaining address.
      if (row.is_default) {
        const next = addresses.newestAddress(db, uid)
        if (next) addresses.makeDefault(db, uid, next)
      }
    })
    return { deleted: true as const }
  })

  defineRoute(app, db, 'personal.address/setDefault', { auth: true }, ({ input, user }) => {
    const uid = requireUser(user).id
    own(uid, input.id)
    tx(db, () => addresses.makeDefault(db, uid, input.id))
    return { info: toAddress(own(uid, input.id)) }
  })
}
