import type { Q } from '../query'
import type { Address } from '../../../src/contract/address'

/**
 * The address book (server/domain/address/addressBook.ts opens the transactions), and what other verticals read of it (an
 * order's copy of the address, takeout's point, account deletion, the start-up back-fill). Every statement of the book
 * is scoped to the shopper: another shopper's id is not found.
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

export type AddressRow = AddressFields & { id: number; is_default: number; lat: number | null; lng: number | null }

const COLS = 'id, name, mobile, province, city, district, detail, is_default, lat, lng'

/**
 * Serializes edits of one shopper's book on PostgreSQL: the shopper's row, locked until the transaction ends (FOR NO
 * KEY UPDATE: other verticals inserting rows that reference the user are not held up). Under READ COMMITTED each later
 * statement then reads what the previous holder committed. SQLite needs nothing: BEGIN IMMEDIATE already serializes.
 */
export async function lockBook(db: Q, userId: number): Promise<void> {
  if (db.engine === 'postgres') await db.get('SELECT id FROM users WHERE id = ? FOR NO KEY UPDATE', userId)
}

/** Always owned: another shopper's id is not found. */
export const ownAddress = (db: Q, userId: number, id: number) => db.get<AddressRow>(`SELECT ${COLS} FROM addresses WHERE id = ? AND user_id = ?`, id, userId)

/** The default first, then newest first. */
export const addressesOf = (db: Q, userId: number) => db.all<AddressRow>(`SELECT ${COLS} FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id DESC`, userId)

export const countAddresses = async (db: Q, userId: number): Promise<number> => Number(await db.value('SELECT COUNT(*) FROM addresses WHERE user_id = ?', userId))

export const newestAddress = (db: Q, userId: number) => db.value<number>('SELECT id FROM addresses WHERE user_id = ? ORDER BY id DESC LIMIT 1', userId)

export const insertAddress = (db: Q, userId: number, f: AddressFields, createdAt: string): Promise<number> =>
  db.insert(
    'INSERT INTO addresses (user_id, name, mobile, province, city, district, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    userId,
    f.name,
    f.mobile,
    f.province,
    f.city,
    f.district,
    f.detail,
    createdAt,
  )

export const updateAddress = (db: Q, userId: number, id: number, f: AddressFields) =>
  db.run('UPDATE addresses SET name = ?, mobile = ?, province = ?, city = ?, district = ?, detail = ? WHERE id = ? AND user_id = ?', f.name, f.mobile, f.province, f.city, f.district, f.detail, id, userId)

/** At most one default: every other address of the shopper loses the flag. */
export async function makeDefault(db: Q, userId: number, id: number): Promise<void> {
  await db.run('UPDATE addresses SET is_default = 0 WHERE user_id = ?', userId)
  await db.run('UPDATE addresses SET is_default = 1 WHERE id = ? AND user_id = ?', id, userId)
}

export const deleteAddress = (db: Q, userId: number, id: number) => db.run('DELETE FROM addresses WHERE id = ? AND user_id = ?', id, userId)
