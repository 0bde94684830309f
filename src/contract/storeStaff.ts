/**
 * Staff invites and staff removal (issue 26): shapes of the `hui_shanghu.store_staff/*` and
 * `hui_shanghu.store_invite/*` calls in ./storeEndpoints.ts. Rules in docs/api.md "Staff and invites": only the
 * owner invites, lists and revokes invites and removes staff; an invite is used once and expires 24 h after it
 * was made (the server's clock); a user is staff of one store at a time. zod for the server; the client imports types.
 */
import { z } from 'zod'
import { Id, shopperSays } from './common'
import { StoreShop } from './store'

/** An invite is good for this long after it is made, on the server's clock. */
export const STAFF_INVITE_HOURS = 24
/** Open (unused, unexpired, not revoked) invites a store may hold at once. */
export const STAFF_INVITES_OPEN_MAX = 10

export const STAFF_ROLES = ['owner', 'staff'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** One person of the store: who (masked phone), their role, since when; `is_me`: the asker. */
export const StaffMember = z.object({
  user_id: z.number().int(),
  nickname: z.string(),
  phone: z.string(),
  role: z.enum(STAFF_ROLES),
  since: z.string(),
  is_me: z.boolean(),
})
export type StaffMember = z.infer<typeof StaffMember>

/** An open invite as the owner lists it (its code is shown once, when it is made, and never stored in clear). */
export const StaffInvite = z.object({ id: z.number().int(), created_at: z.string(), expires_at: z.string() })
export type StaffInvite = z.infer<typeof StaffInvite>

/** The Staff screen: the store, the asker's role, everyone (owner first), and the open invites (the owner's only; [] for staff). */
export const StaffListAnswer = z.object({
  shop: StoreShop,
  my_role: z.enum(STAFF_ROLES),
  staff: z.array(StaffMember),
  invites: z.array(StaffInvite),
})
export type StaffListAnswer = z.infer<typeof StaffListAnswer>

/** A new invite with its one-time code (the link carries it: /pages/store/join?code=…). */
export const StaffInviteAnswer = z.object({ invite: StaffInvite.extend({ code: z.string() }) })
export type StaffInviteAnswer = z.infer<typeof StaffInviteAnswer>

export const StaffInviteId = z.object({ id: Id })
export const StaffRemovePayload = z.object({ user_id: Id })

/** An invite's code as the link carries it (22 URL-safe characters). */
export const InviteCodePayload = z.object({
  code: z.string({ required_error: 'code is required', invalid_type_error: 'code must be text' }).trim().regex(/^[A-Za-z0-9_-]{16,64}$/, shopperSays('staff_invite_not_found')),
})

/** The invite's mini-program code (a PNG data URL), or null: none to show (the screen draws the link's QR code instead). */
export const InviteImageAnswer = z.object({ image: z.string().nullable() })
export type InviteImageAnswer = z.infer<typeof InviteImageAnswer>

/** The join screen: which store invites, until when, and the store the asker already works for (null: none). */
export const InviteReadAnswer = z.object({ shop: StoreShop, expires_at: z.string(), my_shop: StoreShop.nullable() })
export type InviteReadAnswer = z.infer<typeof InviteReadAnswer>

/** Joined: the asker is now staff of this store. */
export const InviteAcceptAnswer = z.object({ shop: StoreShop, role: z.enum(STAFF_ROLES) })
export type InviteAcceptAnswer = z.infer<typeof InviteAcceptAnswer>
