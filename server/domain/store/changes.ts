import type { Q } from '../../storage/query'
import type { ApiLang } from '../../../src/contract/common'
import type { ShopChange } from '../../../src/contract/storeShop'
import type { ShopChangeKind } from '../../../src/contract/storeShopEndpoints'
import type { StaffRole } from '../../../src/contract/storeStaff'
import { refuse } from '../refusal'
import type { AuthUser } from '../account'
import { nicknameIn } from '../names'
import * as menu from '../../storage/repo/menu'
import { maskPhone } from './store'
import { requireMember } from './staff'
import { nowText } from '../../time'

/**
 * Who changed the shop, and how (issue 44; docs/api.md "The shop's menu, coupons and change history"). The owner changes
 * the menu, the delivery settings and the coupons; staff mark dishes sold out and pause takeout. Every such change is
 * one row of shop_changes, written in the change's own transaction (a change that fails records nothing): who, their
 * role then, when (the server's clock), what and to what (a dish's, category's or coupon's name), and the record before
 * and after as flat fields. The owner reads them newest first.
 */

export type Member = Awaited<ReturnType<typeof requireMember>>

/** A flat record of a thing's fields (what the history compares). */
export type Fields = Record<string, string | number | boolean | null>

/** The store gate for what only the owner may do: staff are refused `owner_only`. */
export async function requireShopOwner(db: Q, user: AuthUser | null): Promise<Member> {
  const member = await requireMember(db, user)
  if (member.role !== 'owner') throw refuse('owner_only')
  return member
}

/** One change, inside the caller's transaction. `before` null: it did not exist; `after` null: it is gone. */
export async function recordChange(db: Q, who: { userId: number; shopId: number; role: StaffRole }, kind: ShopChangeKind, subject: string, before: Fields | null, after: Fields | null): Promise<void> {
  await menu.insertChange(db, {
    shop_id: who.shopId,
    user_id: who.userId,
    role: who.role,
    at: nowText(),
    kind,
    subject,
    before: before === null ? null : JSON.stringify(before),
    after: after === null ? null : JSON.stringify(after),
  })
}

const parsed = (text: string | null): Fields | null => {
  if (text === null) return null
  try {
    const v: unknown = JSON.parse(text)
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Fields) : null
  } catch {
    return null
  }
}

/** The fields that differ (all of them when one side is absent), in the record's order. */
export function changedFields(before: Fields | null, after: Fields | null): ShopChange['fields'] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  return keys.flatMap((field) => {
    const b = before?.[field] ?? null
    const a = after?.[field] ?? null
    return before && after && b === a ? [] : [{ field, before: b, after: a }]
  })
}

/** The owner's history: newest first. */
export async function changeHistory(db: Q, owner: Member, lang: ApiLang, page: number, pageSize: number): Promise<{ list: ShopChange[]; total: number; page: number; page_size: number }> {
  const { rows, total } = await menu.changePage(db, owner.shopId, pageSize, (page - 1) * pageSize)
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      at: r.at,
      by: { user_id: Number(r.user_id), nickname: nicknameIn(lang, r.nickname), phone: maskPhone(r.phone), role: r.role },
      kind: r.kind as ShopChangeKind,
      subject: r.subject,
      fields: changedFields(parsed(r.before), parsed(r.after)),
    })),
    total,
    page,
    page_size: pageSize,
  }
}
