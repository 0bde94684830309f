import { MAX_ADDRESSES, type Address, type AddressSave } from '../../../src/contract/address'
import { districtCentre } from './districtCentres'
import { refuse } from '../refusal'
import { isKnownRegion } from './regions'
import * as addresses from '../../storage/repo/addresses'
import type { AddressRow } from '../../storage/repo/addresses'
import type { Q } from '../../storage/query'
import { nowText } from '../../time'

/**
 * The address book : the rules — always owned (another shopper's id
 * is "not found"), at most MAX_ADDRESSES, at most one default — as service functions; server/http/routes/address.ts only
 * hands them the request.
 *
 * Isolation (PostgreSQL): each transaction checks then writes over a SET of the shopper's rows (a count before an
 * insert, "every other address loses the flag"), so it first locks the shopper's row (lockBook) at READ COMMITTED:
 * one shopper's edits run one after another, each reading the last one's result, with no retries. (SERIALIZABLE alone
 * was tried first: 24 saves at once from one shopper kept conflicting and exhausted transaction()'s 5 runs — right
 * for rare conflicts, wrong for a hot set of rows.) On SQLite they are BEGIN IMMEDIATE. The transaction functions only
 * touch the database (they may run more than once).
 */

const toAddress = (r: AddressRow): Address => ({ ...r, is_default: r.is_default === 1 })

async function own(s: Q, userId: number, id: number): Promise<AddressRow> {
  const row = await addresses.ownAddress(s, userId, id)
  if (!row) throw refuse('address_not_found')
  return row
}

export async function listAddresses(db: Q, userId: number): Promise<Address[]> {
  return (await addresses.addressesOf(db, userId)).map(toAddress)
}

/** Adds (no id) or edits (an id of the shopper's); the first address, or one saved with is_default, is the default. */
export async function saveAddress(db: Q, userId: number, input: AddressSave): Promise<Address> {
  if (!isKnownRegion(input.province, input.city, input.district)) throw refuse('region_not_supported')
  if ((input.lat === undefined) !== (input.lng === undefined)) throw refuse('invalid_request', { detail: 'lat and lng go together' })
  // Its point: the map pick when the client sends one, else the district's centre the server ships.
  const picked = input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : null
  const point = picked ?? districtCentre(input.province, input.city, input.district)
  const createdAt = nowText()
  const { id: existing, is_default, lat: _lat, lng: _lng, ...fields } = input
  const id = await db.transaction('read committed', async (trx) => {
    await addresses.lockBook(trx, userId)
    let addressId: number
    if (existing) {
      await own(trx, userId, existing)
      await addresses.updateAddress(trx, userId, existing, fields)
      addressId = existing
    } else {
      const count = await addresses.countAddresses(trx, userId)
      if (count >= MAX_ADDRESSES) throw refuse('address_limit', { max: MAX_ADDRESSES })
      addressId = await addresses.insertAddress(trx, userId, fields, createdAt)
      // The first address is the default.
      if (count === 0) await addresses.makeDefault(trx, userId, addressId)
    }
    if (is_default) await addresses.makeDefault(trx, userId, addressId)
    await addresses.setAddressPoint(trx, userId, addressId, point, picked ? 'map' : 'district')
    return addressId
  })
  return toAddress(await own(db, userId, id))
}

/** Deleting the default hands the flag to the newest remaining address. */
export async function deleteAddress(db: Q, userId: number, id: number): Promise<void> {
  await db.transaction('read committed', async (trx) => {
    await addresses.lockBook(trx, userId)
    const row = await own(trx, userId, id)
    await addresses.deleteAddress(trx, userId, id)
    if (row.is_default) {
      const next = await addresses.newestAddress(trx, userId)
      if (next) await addresses.makeDefault(trx, userId, next)
    }
  })
}

export async function setDefaultAddress(db: Q, userId: number, id: number): Promise<Address> {
  await db.transaction('read committed', async (trx) => {
    await addresses.lockBook(trx, userId)
    await own(trx, userId, id)
    await addresses.makeDefault(trx, userId, id)
  })
  return toAddress(await own(db, userId, id))
}
