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
