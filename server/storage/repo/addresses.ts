import type { Q } from '../query'
import type { Address } from '../../../src/contract/address'

/**
 * What other verticals read and write of the address book through Q inside their own transactions (an order's copy of
 * the address, takeout's point, account deletion, the start-up back-fill in the demo seed's transaction). The address book itself — list, save, delete,
 * default — is on the storage seam (server/storage/addresses.ts, server/domain/address/addressBook.ts); these move when their
 * callers do (issue 28).
 */

export type AddressFields = Pick<Address, 'name' | 'mobile' | 'province' | 'city' | 'district' | 'detail'>

/** The address's point (GCJ-02) and where it came from: the map pick, or the district's centre; null: none known. */
export const setAddressPoint = (db: Q, userId: number, id: number, point: { lat: number; lng: number } | null, source: 'map' | 'district' | null) =>
  db.run('UPDATE addresses SET lat = ?, lng = ?, geo_source = ? WHERE id = ? AND user_id = ?', point?.lat ?? null, point?.lng ?? null, point ? source : null, id, userId)

/**
 * The stored point of one of the shopper's addresses, with its district and where the point came from — judged by
 * server/domain/address/districtCentres.ts deliveryPoint before takeout uses it (issue 43); undefined: not theirs.
 */
export const addressPoint = async (db: Q, userId: number, id: number) =>
  (await db.get('SELECT province, city, district, lat, lng, geo_source FROM addresses WHERE id = ? AND user_id = ?', id, userId)) as
    | { province: string; city: string; district: string; lat: number | null; lng: number | null; geo_source: string | null }
    | undefined

/** Addresses saved before they had points get their district's centre (server/demo/seedTakeout.ts, at start). */
export const addressesWithoutPoint = (db: Q) =>
  db.all<{ id: number; user_id: number; province: string; city: string; district: string }>('SELECT id, user_id, province, city, district FROM addresses WHERE lat IS NULL AND geo_source IS NULL')

export const deleteAddressesOf = (db: Q, userId: number) => db.run('DELETE FROM addresses WHERE user_id = ?', userId)

/** The delivery address as an order keeps it (a copy: a later edit does not move a parcel). */
export const addressForOrder = async (db: Q, userId: number, id: number) =>
  (await db.get('SELECT name, mobile, province, city, district, detail FROM addresses WHERE id = ? AND user_id = ?', id, userId)) as AddressFields | undefined
