import type { Address } from '../../src/contract/address'
import { sql, type DB } from '../db'

export type AddressRow = Omit<Address, 'is_default' | 'lat' | 'lng'> & { is_default: number; lat: number | null; lng: number | null }
export type AddressFields = Pick<Address, 'name' | 'mobile' | 'province' | 'city' | 'district' | 'detail'>

const COLS = 'id, name, mobile, province, city, district, detail, is_default, lat, lng'

/** Always owned: another shopper's id is not found. */
export const ownAddress = (db: DB, userId: number, id: number) => sql(db, `SELECT ${COLS} FROM addresses WHERE id = ? AND user_id = ?`).get(id, userId) as AddressRow | undefined

/** The default first, then newest first. */
export const addressesOf = (db: DB, userId: number) => sql(db, `SELECT ${COLS} FROM addresses WHERE user_id = ? ORDER BY is_default DESC, id DESC`).all(userId) as AddressRow[]

export const countAddresses = (db: DB, userId: number): number => (sql(db, 'SELECT COUNT(*) AS n FROM addresses WHERE user_id = ?').get(userId) as { n: number }).n

export const newestAddress = (db: DB, userId: number) => (sql(db, 'SELECT id FROM addresses WHERE user_id = ? ORDER BY id DESC LIMIT 1').get(userId) as { id: number } | undefined)?.id

/** The editable fields in the column order both statements below use. */
const values = (f: AddressFields) => [f.name, f.mobile, f.province, f.city, f.district, f.detail]

export const insertAddress = (db: DB, userId: number, f: AddressFields, createdAt: string): number =>
  Number(sql(db, 'INSERT INTO addresses (user_id, name, mobile, province, city, district, detail, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(userId, ...values(f), createdAt).lastInsertRowid)

export const updateAddress = (db: DB, userId: number, id: number, f: AddressFields) =>
  sql(db, 'UPDATE addresses SET name = ?, mobile = ?, province = ?, city = ?, district = ?, detail = ? WHERE id = ? AND user_id = ?').run(...values(f), id, userId)

/** The address's point (GCJ-02) and where it came from: the map pick, or the district's centre; null: none known. */
export const setAddressPoint = (db: DB, userId: number, id: number, point: { lat: number; lng: number } | null, source: 'map' | 'district' | null) =>
  sql(db, 'UPDATE addresses SET lat = ?, lng = ?, geo_source = ? WHERE id = ? AND user_id = ?').run(point?.lat ?? null, point?.lng ?? null, point ? source : null, id, userId)

/** The point of one of the shopper's addresses (takeout's radius and fee tiers); undefined: not theirs. */
export const addressPoint = (db: DB, userId: number, id: number) =>
  sql(db, 'SELECT lat, lng FROM addresses WHERE id = ? AND user_id = ?').get(id, userId) as { lat: number | null; lng: number | null } | undefined

/** Addresses saved before they had points get their district's centre (server/seedTakeout.ts, at start). */
export const addressesWithoutPoint = (db: DB) =>
  sql(db, 'SELECT id, user_id, province, city, district FROM addresses WHERE lat IS NULL AND geo_source IS NULL').all() as Array<{ id: number; user_id: number; province: string; city: string; district: string }>

/** At most one default: every other address of the shopper loses the flag. */
export function makeDefault(db: DB, userId: number, id: number): void {
  sql(db, 'UPDATE addresses SET is_default = 0 WHERE user_id = ?').run(userId)
  sql(db, 'UPDATE addresses SET is_default = 1 WHERE id = ? AND user_id = ?').run(id, userId)
}

export const deleteAddress = (db: DB, userId: number, id: number) => sql(db, 'DELETE FROM addresses WHERE id = ? AND user_id = ?').run(id, userId)

export const deleteAddressesOf = (db: DB, userId: number) => sql(db, 'DELETE FROM addresses WHERE user_id = ?').run(userId)

/** The delivery address as an order keeps it (a copy: a later edit does not move a parcel). */
export const addressForOrder = (db: DB, userId: number, id: number) =>
  sql(db, 'SELECT name, mobile, province, city, district, detail FROM addresses WHERE id = ? AND user_id = ?').get(id, userId) as AddressFields | undefined
