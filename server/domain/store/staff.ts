import type { Q } from '../../storage/query'
import { INVITE_SCENE_PREFIX } from '../../../src/contract/storeEndpoints'
import { STAFF_INVITE_HOURS, STAFF_INVITES_OPEN_MAX, type InviteAcceptAnswer, type InviteReadAnswer, type StaffInvite, type StaffListAnswer, type StaffRole } from '../../../src/contract/storeStaff'
import { refuse } from '../refusal'
import { hashToken, type AuthUser } from '../account'
import * as store from '../../storage/repo/store'
import * as staff from '../../storage/repo/storeStaff'
import { shopName } from '../../storage/repo/shops'
import { liveUserIdByPhone } from '../../storage/repo/users'
import { maskPhone, requireStaff, type Staff } from './store'
import { fmt, nowMs } from '../../time'
import { inviteCode } from '../numbers'
import { nicknameIn } from '../names'
import type { ApiLang } from '../../../src/contract/common'

/**
 * Staff and invites (issue 26; docs/api.md "Staff and invites"). A store's people are rows of `store_staff` (one per
 * user: a user is staff of one store at a time) with a role: the owner (the approved applicant, server/domain/merchant.ts)
 * and staff. Only the owner invites, lists and revokes invites and removes staff; the owner cannot be removed (by
 * staff, or by themself). An invite is a random 128-bit code shown once to the owner (the link carries it); only its
 * SHA-256 is stored. It is used once, within STAFF_INVITE_HOURS of being made on the server's clock: accepting is one
 * IMMEDIATE transaction that re-reads the invite and the asker's store and marks the invite used in an UPDATE that
 * names it unused, so two colleagues racing one link — over several processes on one file — make one staff member.
 *
 * Removal deletes the row: every store call reads the row again (requireStaff; nothing caches store rights — the
 * session cache in server/storage/repo/users.ts keeps who a token is, not what they may do), so the removed person's next
 * store call is refused `no_permission`, in this process or any other; an open live stream of the store's takeout
 * orders ends at its next tick (server/http/routes/takeoutLive.ts).
 *
 * An owner who goes (issue 43; docs/decisions/2026-12-06-ownerless-shop.md): deleting the owner's account withdraws their
 * open invites (withdrawInvitesOf, in the deletion's transaction), and an invite is good only while its maker is still
 * the shop's owner (usableInvite), so no link the owner sent out lets a stranger into a shop nobody runs. The shop goes
 * on: its staff keep every store call; nobody invites or removes staff until the operator names a new owner
 * (nameOwner, `npm run admin -- owner <shop> <phone>`).
 */

const INVITE_MS = STAFF_INVITE_HOURS * 3_600_000

interface Member extends Staff {
  role: StaffRole
}

const roleOf = async (db: Q, userId: number): Promise<StaffRole> => (await staff.roleOf(db, userId)) ?? 'staff'

/** The store gate, with the asker's role. */
export async function requireMember(db: Q, user: AuthUser | null): Promise<Member> {
  const staff = await requireStaff(db, user)
  return { ...staff, role: await roleOf(db, staff.userId) }
}

/** The store gate for what only the owner may do (staff: `staff_owner_only`). */
export async function requireOwner(db: Q, user: AuthUser | null): Promise<Member> {
  const member = await requireMember(db, user)
  if (member.role !== 'owner') throw refuse('staff_owner_only')
  return member
}

const inviteOf = (r: Pick<staff.InviteRow, 'id' | 'created_at' | 'expires_at'>): StaffInvite => ({ id: r.id, created_at: fmt(r.created_at), expires_at: fmt(r.expires_at) })

/** The shop's people and open invites; a default nickname (会员0005) is the system's, so it is answered in `lang`. */
export async function staffList(db: Q, member: Member, lang: ApiLang): Promise<StaffListAnswer> {
  const rows = await staff.staffOf(db, member.shopId)
  return {
    shop: { id: member.shopId, name: member.shopName },
    my_role: member.role,
    staff: rows.map((r) => ({ user_id: r.user_id, nickname: nicknameIn(lang, r.nickname), phone: maskPhone(r.phone), role: r.role, since: r.created_at, is_me: r.user_id === member.userId })),
    invites: member.role === 'owner' ? (await staff.openInvites(db, member.shopId, nowMs())).map(inviteOf) : [],
  }
}

/** The owner makes an invite: its code is in this answer only. */
export async function createInvite(db: Q, owner: Member): Promise<StaffInvite & { code: string }> {
  return db.transaction('serializable', async (db) => {
    const now = nowMs()
    if ((await staff.openInvites(db, owner.shopId, now)).length >= STAFF_INVITES_OPEN_MAX) throw refuse('staff_invite_limit', { max: STAFF_INVITES_OPEN_MAX })
    const code = inviteCode()
    const id = await staff.insertInvite(db, { shop_id: owner.shopId, code_hash: hashToken(code), created_by: owner.userId, created_at: now, expires_at: now + INVITE_MS })
    return { ...inviteOf({ id, created_at: now, expires_at: now + INVITE_MS }), code }
  })
}

/** The owner withdraws one of the store's open invites (a used, expired or another store's one: not found). */
export async function revokeInvite(db: Q, owner: Member, id: number): Promise<void> {
  if (!(await staff.revokeOpenInvite(db, owner.shopId, id, nowMs()))) throw refuse('staff_invite_not_found')
}

/** The owner removes a staff member of the store; the owner (themself) cannot be removed. */
export async function removeStaff(db: Q, owner: Member, userId: number): Promise<void> {
  await db.transaction('serializable', async (db) => {
    const role = await staff.roleIn(db, owner.shopId, userId)
    if (!role) throw refuse('staff_not_found')
    if (role === 'owner') throw refuse('staff_cannot_remove_owner')
    await staff.removeStaffMember(db, owner.shopId, userId)
  })
}

/** The invite of a code, or why it cannot be used now: withdrawn, used, expired, or its maker no longer the shop's owner. */
async function usableInvite(db: Q, code: string, now: number): Promise<staff.InviteRow & { shop_name: string }> {
  const row = await staff.inviteByHash(db, hashToken(code))
  if (!row) throw refuse('staff_invite_not_found')
  if (row.revoked_at !== null || Number(row.maker_owns) === 0) throw refuse('staff_invite_revoked')
  if (row.used_by !== null) throw refuse('staff_invite_used')
  if (row.expires_at <= now) throw refuse('staff_invite_expired')
  return row
}

/**
 * The owner's open invite as the mini-program code a colleague scans (issue 40): the invite must be this store's and
 * usable; the code is asked of WeChat (getwxacodeunlimit: scene `i=<code>`, 24 of its 32 characters) outside any
 * transaction, and answered as a PNG data URL. None — the sandbox, no mini-program configured — or WeChat refusing (a
 * page not released while check_path is on: 41030; logged): null, and the screen draws the link's QR code as before.
 */
export async function inviteImage(db: Q, owner: Member, code: string, draw: ((scene: string) => Promise<Buffer | null>) | null, onError: (error: unknown) => void): Promise<{ image: string | null }> {
  const row = await usableInvite(db, code, nowMs())
  if (row.shop_id !== owner.shopId) throw refuse('staff_invite_not_found')
  if (!draw) return { image: null }
  try {
    const png = await draw(`${INVITE_SCENE_PREFIX}${code}`)
    return { image: png ? `data:image/png;base64,${png.toString('base64')}` : null }
  } catch (error) {
    onError(error)
    return { image: null }
  }
}

export async function readInvite(db: Q, user: AuthUser, code: string): Promise<InviteReadAnswer> {
  const row = await usableInvite(db, code, nowMs())
  const mine = await store.staffShopOf(db, user.id)
  return { shop: { id: row.shop_id, name: row.shop_name }, expires_at: fmt(row.expires_at), my_shop: mine ? { id: mine.shop_id, name: mine.name } : null }
}

/** A colleague accepts: staff of the invite's store, once per invite, and only when staff of no store. */
export async function acceptInvite(db: Q, user: AuthUser, code: string): Promise<InviteAcceptAnswer> {
  return db.transaction('serializable', async (db) => {
    const now = nowMs()
    const row = await usableInvite(db, code, now)
    const mine = await store.staffShopOf(db, user.id)
    if (mine) throw refuse('staff_already_staff', { shop: mine.name })
    if (!(await staff.useInvite(db, row.id, user.id, now))) throw refuse('staff_invite_used')
    await staff.insertStaff(db, user.id, row.shop_id, 'staff', fmt(now))
    return { shop: { id: row.shop_id, name: row.shop_name }, role: 'staff' }
  })
}

/**
 * A person's open invites withdrawn (account deletion: server/http/routes/account.ts deleteAccount, in its transaction;
 * a former owner when the operator names another). Their used and expired ones stay as they were.
 */
export async function withdrawInvitesOf(db: Q, userId: number, now = nowMs()): Promise<number> {
  return staff.revokeInvitesBy(db, userId, now)
}

/**
 * The operator names a shop's owner (`npm run admin -- owner <shop> <phone>`, issue 43): the live account of that phone
 * becomes its owner — promoted when already its staff, else added; staff of another store is refused
 * (`staff_already_staff`: one store at a time). The owner before, if still there, stays as staff and their open invites
 * are withdrawn. One transaction; unknown shop `shop_not_found`, no live account with that phone `user_not_found`.
 */
export async function nameOwner(db: Q, shopId: number, phone: string): Promise<{ shopName: string; userId: number; previous: number[] }> {
  return db.transaction('serializable', async (db) => {
    const name = await shopName(db, shopId)
    if (name === undefined) throw refuse('shop_not_found')
    const userId = await liveUserIdByPhone(db, phone)
    if (userId === undefined) throw refuse('user_not_found')
    const theirs = await store.staffShopOf(db, userId)
    if (theirs && theirs.shop_id !== shopId) throw refuse('staff_already_staff', { shop: theirs.name })
    const before = await staff.ownersOf(db, shopId, userId)
    const now = nowMs()
    for (const id of before) {
      await staff.setRole(db, shopId, id, 'staff')
      await withdrawInvitesOf(db, id, now)
    }
    if (theirs) await staff.setRole(db, shopId, userId, 'owner')
    else await staff.insertStaff(db, userId, shopId, 'owner', fmt(now))
    return { shopName: name, userId, previous: before }
  })
}
