import type { AddressFields } from './repo/addresses'
import type { Storage, Store } from './engine'

/**
 * The address book's repository on the storage seam (issue 28): async, on either engine, run by server/domain/address/addressBook.ts
 * (which opens the transactions). Every statement is scoped to the shopper: another shopper's id is not found.
 * The reads other verticals make inside their SQLite transactions (an order's copy of the address, takeout's point,
 * account deletion) stay in server/storage/repo/addresses.ts until those verticals move.
 */

export type AddressRow = AddressFields & { id: number; is_default: number; lat: number | null; lng: number | null }

const COLS = ['id', 'name', 'mobile', 'province', 'city', 'district', 'detail', 'is_default', 'lat', 'lng'] as const

/**
 * Serializes edits of one shopper's book on PostgreSQL: the shopper's row, locked until the transaction ends (FOR NO
 * KEY UPDATE: other verticals inserting rows that reference the user are not held up). Under READ COMMITTED each later
 * statement then reads what the previous holder committed. SQLite needs nothing: BEGIN IMMEDIATE already serializes.
 */
export async function lockBook(storage: Storage, trx: Store, userId: number): Promise<void> {
  if (storage.engine === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute()
}

/** Always owned: another shopper's id is not found. */
export const ownAddress = (s: Store, userId: number, id: number): Promise<AddressRow | undefined> =>
  s.selectFrom('addresses').select(COLS).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()

/** The default first, then newest first. */
export const addressesOf = (s: Store, userId: number): Promise<AddressRow[]> =>
  s.selectFrom('addresses').select(COLS).where('user_id', '=', userId).orderBy('is_default', 'desc').orderBy('id', 'desc').execute()

export const countAddresses = async (s: Store, userId: number): Promise<number> =>
  Number((await s.selectFrom('addresses').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n)

export const newestAddress = async (s: Store, userId: number): Promise<number | undefined> =>
  (await s.selectFrom('addresses').select('id').where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst())?.id

const fieldsOf = (f: AddressFields): AddressFields => ({ name: f.name, mobile: f.mobile, province: f.province, city: f.city, district: f.district, detail: f.detail })

/** `INSERT … RETURNING id` on both engines (SQLite ≥ 3.35). */
export const insertAddress = async (s: Store, userId: number, f: AddressFields, createdAt: string): Promise<number> =>
  (await s.insertInto('addresses').values({ user_id: userId, ...fieldsOf(f), created_at: createdAt }).returning('id').executeTakeFirstOrThrow()).id

export const updateAddress = (s: Store, userId: number, id: number, f: AddressFields) =>
  s.updateTable('addresses').set(fieldsOf(f)).where('id', '=', id).where('user_id', '=', userId).execute()

/** The address's point (GCJ-02) and where it came from: the map pick, or the district's centre; null: none known. */
export const setAddressPoint = (s: Store, userId: number, id: number, point: { lat: number; lng: number } | null, source: 'map' | 'district') =>
  s
    .updateTable('addresses')
    .set({ lat: point?.lat ?? null, lng: point?.lng ?? null, geo_source: point ? source : null })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute()

/** At most one default: every other address of the shopper loses the flag. */
export async function makeDefault(s: Store, userId: number, id: number): Promise<void> {
  await s.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).execute()
  await s.updateTable('addresses').set({ is_default: 1 }).where('id', '=', id).where('user_id', '=', userId).execute()
}

export const deleteAddress = (s: Store, userId: number, id: number) => s.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).execute()
