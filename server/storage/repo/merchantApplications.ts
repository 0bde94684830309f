import type { Q } from '../query'

/**
 * Account deletion (server/http/routes/account.ts `deleteAccount`) and the deleted person's merchant application (issue 26):
 * an application still open (submitted, in review, rejected) is withdrawn — the row goes, so no operator can approve
 * it for an erased account and its mobile and shop name are free again; an approved one stays as the record of where
 * its shop came from (shop, city, address, times) but loses who applied: the contact's name, mobile and the licence
 * and storefront picture addresses (the uploads themselves go with the person's other uploads).
 */
export async function eraseApplicationOf(db: Q, userId: number): Promise<void> {
  await db.run("DELETE FROM merchant_applications WHERE user_id = ? AND status <> 'approved'", userId)
  await db.run("UPDATE merchant_applications SET contact_name = '', mobile = '', licence_image = '', storefront_image = '', rejections = '{}' WHERE user_id = ? AND status = 'approved'", userId)
}

/** The operator's list (the console, issue 45): waiting ones first (submitted, in review), then rejected, then approved; oldest first within each. */
export async function applicationsPage(db: Q, status: string | undefined, limit: number, offset: number) {
  const cond = status === undefined ? '' : 'WHERE status = ?'
  const params = status === undefined ? [] : [status]
  const total = Number(await db.value(`SELECT COUNT(*) FROM merchant_applications ${cond}`, ...params))
  const rows = (await db.all(
    `SELECT id, status, shop_name, city_id, mobile, updated_at FROM merchant_applications ${cond}
       ORDER BY CASE status WHEN 'submitted' THEN 0 WHEN 'in_review' THEN 1 WHEN 'rejected' THEN 2 ELSE 3 END, updated_at, id LIMIT ? OFFSET ?`,
    ...params,
    limit,
    offset,
  )) as Array<{ id: number; status: string; shop_name: string; city_id: number; mobile: string; updated_at: number }>
  return { total, rows: rows.map((r) => ({ ...r, id: Number(r.id), city_id: Number(r.city_id), updated_at: Number(r.updated_at) })) }
}

/** What a decision changes (the audit trail's before and after): status, the rejections, the shop, when reviewed. */
export async function applicationDecision(db: Q, id: number) {
  const r = (await db.get('SELECT status, rejections, shop_id, reviewed_at FROM merchant_applications WHERE id = ?', id)) as { status: string; rejections: string; shop_id: number | null; reviewed_at: number | null } | undefined
  return r && { status: r.status, rejections: JSON.parse(r.rejections) as Record<string, string>, shop_id: r.shop_id === null ? null : Number(r.shop_id), reviewed_at: r.reviewed_at === null ? null : Number(r.reviewed_at) }
}
