import type { Q } from '../query'
import type { StaffRole } from '../../../src/contract/storeStaff'

/**
 * A store's people (store_staff: one row per user, a user is staff of one store at a time) and the owner's invites
 * (staff_invites: only a code's hash is kept). The rules are server/domain/store/staff.ts's; the approved applicant
 * becomes owner in server/domain/merchant.ts. The store a user works for: staffShopOf (./store.ts).
 */

export interface InviteRow {
  id: number
  shop_id: number
  created_at: number
  expires_at: number
  used_by: number | null
  revoked_at: number | null
}

/** A user's role in the store they work for (undefined: staff of none). */
export const roleOf = async (db: Q, userId: number) => ((await db.get('SELECT role FROM store_staff WHERE user_id = ?', userId)) as { role: StaffRole } | undefined)?.role

/** A user's role in that store (undefined: not its staff). */
export const roleIn = async (db: Q, shopId: number, userId: number) =>
  ((await db.get('SELECT role FROM store_staff WHERE user_id = ? AND shop_id = ?', userId, shopId)) as { role: StaffRole } | undefined)?.role

/** The store's people, the owner first, then by when they joined. */
export const staffOf = async (db: Q, shopId: number) =>
  (await db.all(`SELECT s.user_id, s.role, s.created_at, u.nickname, u.phone FROM store_staff s JOIN users u ON u.id = s.user_id
     WHERE s.shop_id = ? ORDER BY s.role = 'owner' DESC, s.created_at, s.user_id`, shopId)) as Array<{ user_id: number; role: StaffRole; created_at: string; nickname: string; phone: string }>

/** A user made staff of a store in a role (`at`: the server's clock text). */
export const insertStaff = (db: Q, userId: number, shopId: number, role: StaffRole, at: string) =>
  db.run('INSERT INTO store_staff (user_id, shop_id, created_at, role) VALUES (?, ?, ?, ?)', userId, shopId, at, role)

/** A staff member (never the owner) removed from the store. */
export const removeStaffMember = (db: Q, shopId: number, userId: number) => db.run("DELETE FROM store_staff WHERE user_id = ? AND shop_id = ? AND role = 'staff'", userId, shopId)

/** The store's owners other than `exceptUserId`. */
export const ownersOf = async (db: Q, shopId: number, exceptUserId: number) =>
  ((await db.all("SELECT user_id FROM store_staff WHERE shop_id = ? AND role = 'owner' AND user_id <> ?", shopId, exceptUserId)) as Array<{ user_id: number }>).map((r) => Number(r.user_id))

export const setRole = (db: Q, shopId: number, userId: number, role: StaffRole) => db.run('UPDATE store_staff SET role = ? WHERE user_id = ? AND shop_id = ?', role, userId, shopId)

/** The store's invites still open at `now` (not used, withdrawn or expired), newest first. */
export const openInvites = async (db: Q, shopId: number, now: number) =>
  (await db.all('SELECT id, created_at, expires_at FROM staff_invites WHERE shop_id = ? AND used_by IS NULL AND revoked_at IS NULL AND expires_at > ? ORDER BY id DESC', shopId, now)) as Array<Pick<InviteRow, 'id' | 'created_at' | 'expires_at'>>

/** A new invite (only the code's hash kept); its id. */
export const insertInvite = async (db: Q, i: { shop_id: number; code_hash: string; created_by: number; created_at: number; expires_at: number }): Promise<number> =>
  Number(await db.insert('INSERT INTO staff_invites (shop_id, code_hash, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', i.shop_id, i.code_hash, i.created_by, i.created_at, i.expires_at))

/** One of the store's open invites withdrawn at `now`; whether it was. */
export const revokeOpenInvite = async (db: Q, shopId: number, id: number, now: number): Promise<boolean> =>
  (await db.run('UPDATE staff_invites SET revoked_at = ? WHERE id = ? AND shop_id = ? AND used_by IS NULL AND revoked_at IS NULL AND expires_at > ?', now, id, shopId, now)).changes === 1

/** The invite of a code's hash, with its shop's name and whether its maker is still that shop's owner. */
export const inviteByHash = async (db: Q, codeHash: string) =>
  (await db.get(
    `SELECT i.id, i.shop_id, i.created_at, i.expires_at, i.used_by, i.revoked_at, p.name AS shop_name,
       (SELECT COUNT(*) FROM store_staff o WHERE o.user_id = i.created_by AND o.shop_id = i.shop_id AND o.role = 'owner') AS maker_owns
     FROM staff_invites i JOIN shops p ON p.id = i.shop_id WHERE i.code_hash = ?`,
    codeHash,
  )) as (InviteRow & { shop_name: string; maker_owns: number | string }) | undefined

/** An invite used by a user (only while unused and not withdrawn); whether it was. */
export const useInvite = async (db: Q, id: number, userId: number, now: number): Promise<boolean> =>
  (await db.run('UPDATE staff_invites SET used_by = ?, used_at = ? WHERE id = ? AND used_by IS NULL AND revoked_at IS NULL', userId, now, id)).changes === 1

/** A person's open invites withdrawn at `now` (used and expired ones stay as they were); how many. */
export const revokeInvitesBy = async (db: Q, userId: number, now: number): Promise<number> =>
  (await db.run('UPDATE staff_invites SET revoked_at = ? WHERE created_by = ? AND used_by IS NULL AND revoked_at IS NULL', now, userId)).changes
