import type { Q } from '../storage/query'
import * as cards from '../storage/repo/cards'
import type { CardProductRow } from '../storage/repo/cards'
import * as shops from '../storage/repo/shops'
import { refuse } from './refusal'

/**
 * What the operator sets up in a production database before the operator's console exists (issue 40; `npm run admin`,
 * scripts/admin.ts; docs/going-live.md "Setting up the database"): the membership cards sold and their prices, and the
 * shops' WeChat Pay sub-merchant ids. Approving the first shops is the merchant applications' review (./merchant.ts).
 * The values come checked from the command (scripts/admin.ts); the rules here are the database's.
 */

/** What a card product is made of (price in fen, member_rate the percent a member pays at partner shops: 95 = 5 % off). */
export interface NewCardProduct {
  name: string
  level: number
  price: number
  days: number
  member_rate: number
  benefits: string[]
}

export const CARD_LIMITS = {
  name: 20,
  level: [1, 9],
  /** ¥0.01 … ¥100,000.00 */
  price: [1, 10_000_000],
  days: [1, 3660],
  member_rate: [50, 100],
  benefits: 10,
  benefit: 40,
} as const

export async function listCardProducts(db: Q): Promise<Array<Omit<CardProductRow, 'benefits'> & { benefits: string[] }>> {
  return (await cards.allCardProducts(db)).map((c) => ({ ...c, on_sale: Number(c.on_sale), benefits: JSON.parse(c.benefits) as string[] }))
}

export async function createCardProduct(db: Q, c: NewCardProduct): Promise<number> {
  return db.transaction('serializable', async (db) => cards.insertCardProduct(db, { ...c, benefits: JSON.stringify(c.benefits) }))
}

/** A new price for new purchases (orders already made keep theirs). */
export async function priceCardProduct(db: Q, id: number, price: number): Promise<CardProductRow> {
  return db.transaction('serializable', async (db) => {
    if (!(await cards.setCardProductPrice(db, id, price))) throw refuse('card_not_found')
    return (await cards.cardProductRow(db, id)) as CardProductRow
  })
}

/** Withdraw a card product (no longer listed or sold; cards bought stay valid), or put it on sale again. */
export async function setCardProductOnSale(db: Q, id: number, onSale: boolean): Promise<CardProductRow> {
  return db.transaction('serializable', async (db) => {
    if (!(await cards.setCardProductOnSale(db, id, onSale))) throw refuse('card_not_found')
    return (await cards.cardProductRow(db, id)) as CardProductRow
  })
}

/** Every shop, newest first, with its owner's phone, its staff count and — when the database has the column — its sub-merchant id. */
export async function listShops(db: Q): Promise<Array<shops.OperatorShopRow & { wxpay_sub_mchid?: string | null }>> {
  const rows = await shops.operatorShops(db)
  const ids = await shops.subMchids(db)
  return rows.map((r) => ({ ...r, id: Number(r.id), staff: Number(r.staff), ...(ids ? { wxpay_sub_mchid: ids.get(Number(r.id)) ?? null } : {}) }))
}

/** The database has no shops.wxpay_sub_mchid yet (the WeChat Pay provider's migration adds it). */
export class NoSubMchidColumn extends Error {}

/** Sets a shop's WeChat Pay sub-merchant id (service-provider mode: its payments are made to it), or clears it (null). */
export async function setShopSubMchid(db: Q, shopId: number, subMchid: string | null): Promise<void> {
  if ((await shops.subMchids(db)) === null) throw new NoSubMchidColumn('this database has no shops.wxpay_sub_mchid column yet: it comes with the WeChat Pay provider (server/providers/wechatpay) and its migration')
  await db.transaction('serializable', async (db) => {
    if (!(await shops.setSubMchid(db, shopId, subMchid))) throw refuse('shop_not_found')
  })
}
