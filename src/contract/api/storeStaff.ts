import { Empty } from '../common'
import { InviteAcceptAnswer, InviteCodePayload, InviteImageAnswer, InviteReadAnswer, StaffInviteAnswer, StaffInviteId, StaffListAnswer, StaffRemovePayload } from '../storeStaff'
import { defineApi } from './define'

/**
 * Staff and invites (issue 26; docs/api.md "Staff and invites"): the owner's staff screen and a colleague's invite
 * link. Shapes in ../storeStaff.ts.
 */
export const STORE_STAFF_API = defineApi({
  'hui_shanghu.store_staff/index': {
    method: 'GET',
    auth: 'required',
    req: Empty,
    res: StaffListAnswer,
    doc: "The store's people and, for the owner, its open invites (any staff member reads it).",
  },
  'hui_shanghu.store_staff/invite': {
    method: 'POST',
    auth: 'required',
    req: Empty,
    res: StaffInviteAnswer,
    doc: 'The owner makes a one-time invite (24 h); its code is in this answer only.',
  },
  'hui_shanghu.store_staff/inviteCode': {
    method: 'POST',
    auth: 'required',
    req: InviteCodePayload,
    res: InviteImageAnswer,
    doc: "The owner's open invite as a mini-program code (issue 40; WeChat's getwxacodeunlimit, scene `i=<code>`): a PNG data URL, or null where there is none (the sandbox, no mini-program configured, WeChat refused) — the screen draws the link's QR code.",
  },
  'hui_shanghu.store_staff/revoke': {
    method: 'POST',
    auth: 'required',
    req: StaffInviteId,
    res: StaffListAnswer,
    doc: 'The owner withdraws an open invite.',
  },
  'hui_shanghu.store_staff/remove': {
    method: 'POST',
    auth: 'required',
    req: StaffRemovePayload,
    res: StaffListAnswer,
    doc: 'The owner removes a staff member: their store rights end at once.',
  },
  'hui_shanghu.store_invite/read': {
    method: 'GET',
    auth: 'required',
    req: InviteCodePayload,
    res: InviteReadAnswer,
    doc: 'A logged-in colleague reads the invite of a link (which store, until when).',
  },
  'hui_shanghu.store_invite/accept': {
    method: 'POST',
    auth: 'required',
    req: InviteCodePayload,
    res: InviteAcceptAnswer,
    doc: 'A logged-in colleague accepts the invite of a link: staff of that store (once per invite; one store per user).',
  },
})
